import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './rest/envelope.js';
import { ERROR_MESSAGES } from './core/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's body may take up to UPLOAD_TIMEOUT_SECONDS to arrive (a video from a phone),
     * instead of REQUEST_TIMEOUT_SECONDS. */
    slowBody?: boolean;
  }
}

/**
 * Node cuts off a request whose body has not fully arrived after one time limit for the whole
 * server (its `requestTimeout`), which is set to the longest allowed (an upload's). Every other
 * route gets the short limit here: a body still arriving after `requestTimeoutMs` is answered
 * 408 and the connection closed, so a slow sender cannot hold a connection.
 */
export function limitBodyTime(app: FastifyInstance, requestTimeoutMs: number) {
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done) => {
    if (req.raw.complete || req.routeOptions.config.slowBody) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      if (req.raw.complete || reply.raw.headersSent) return;
      const body = JSON.stringify(errorBody({ status: 408, message: ERROR_MESSAGES.timeout, internal: false }));
      reply.raw.once('finish', () => req.raw.socket.destroy());
      // Straight to the raw response (the route has not run): with the headers the hooks gave the reply.
      const given = Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined);
      reply.raw.writeHead(408, { ...Object.fromEntries(given), 'content-type': 'application/json; charset=utf-8', connection: 'close' }).end(body);
    }, requestTimeoutMs);
    req.raw.once('end', () => clearTimeout(timer));
    req.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
