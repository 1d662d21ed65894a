import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callTRPCProcedure } from '@trpc/server';
import { appRouter } from '../root.js';
import type { Context } from '../trpc/context.js';
import { badRequest, ERROR_MESSAGES } from '../trpc/errors.js';
import { recordFailure } from '../logging.js';
import { errorAnswer, successBody } from './envelope.js';
import type { RestFile } from './meta.js';
import type { RestRoute } from './routes.js';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The procedure's input: the query string, then the JSON body, then the path parameters (which
 * win). A body that is not a JSON object ([], null, a string) is refused, never merged.
 */
function inputOf(req: FastifyRequest): unknown {
  const { body } = req;
  if (body !== undefined && !isPlainObject(body)) throw badRequest(ERROR_MESSAGES.notJsonObject);
  const merged = { ...(req.query as object | undefined), ...body, ...(req.params as object | undefined) };
  return Object.keys(merged).length ? merged : undefined;
}

/** A rendered file: its type, and an attachment name of safe characters only. */
function sendFile(reply: FastifyReply, contentType: string, file: RestFile) {
  reply.type(contentType);
  if (file.filename) reply.header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`);
  return reply.send(file.body);
}

/**
 * Serves each procedure that declares a REST path (`.meta(rest(...))`) by calling it as the typed
 * client would, so validation, permissions and the tenant door are the same on both paths.
 */
export function registerRestRoutes(app: FastifyInstance, routes: RestRoute[], createContext: (req: FastifyRequest, reply: FastifyReply) => Context) {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.path.replace(/\{(\w+)\}/g, ':$1'),
      handler: async (req, reply) => {
        try {
          const input = inputOf(req);
          const output: unknown = await callTRPCProcedure({
            router: appRouter,
            path: route.procedurePath,
            type: route.type,
            ctx: createContext(req, reply),
            getRawInput: async () => input,
            signal: undefined,
            batchIndex: 0,
          });
          reply.code(route.successStatus ?? 200);
          return route.file ? sendFile(reply, route.file.contentType, output as RestFile) : reply.send(successBody(output));
        } catch (error) {
          recordFailure(req, error);
          const answer = errorAnswer(error, String(req.id));
          if (answer.retryAfterSeconds) reply.header('retry-after', String(answer.retryAfterSeconds));
          return reply.code(answer.status).send(answer.body);
        }
      },
    });
  }
}
