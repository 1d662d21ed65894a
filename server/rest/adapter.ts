import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyTRPCProcedure } from '@trpc/server';
import { appRouter } from '../root.js';
import { createCallerFactory } from '../trpc/init.js';
import type { Context } from '../trpc/context.js';
import { errorAnswer, successBody } from './envelope.js';
import type { RestFile, RestRoute } from './route-table.js';

const createCaller = createCallerFactory(appRouter);
type Procedures = Record<string, AnyTRPCProcedure>;

export const procedureAt = (path: string) => (appRouter._def.procedures as unknown as Procedures)[path];

/** The procedure's input: path parameters, then query string, then the JSON body, merged. */
function inputOf(req: FastifyRequest): unknown {
  const body = req.body;
  const params = (req.params ?? {}) as Record<string, string>;
  const query = (req.query ?? {}) as Record<string, string>;
  if (body !== undefined && body !== null && typeof body !== 'object') return body;
  const merged = { ...query, ...(body as object | null | undefined ?? {}), ...params };
  return Object.keys(merged).length ? merged : undefined;
}

/** A rendered file (RestRoute.render): its type, and an attachment name of safe characters only. */
function sendFile(reply: FastifyReply, file: RestFile) {
  reply.type(file.contentType);
  if (file.filename) reply.header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`);
  return reply.send(file.body);
}

/**
 * Serves each row of the REST table by calling the same tRPC procedure the typed client calls, so
 * validation, permissions and the tenant door are the same on both paths.
 */
export function registerRestRoutes(
  app: FastifyInstance,
  routes: RestRoute[],
  createContext: (req: FastifyRequest) => Context,
) {
  for (const route of routes) {
    if (!procedureAt(route.procedure)) throw new Error(`REST ${route.method} ${route.path}: no procedure ${route.procedure}`);
    const segments = route.procedure.split('.');
    app.route({
      method: route.method,
      url: route.path.replace(/\{(\w+)\}/g, ':$1'),
      handler: async (req, reply) => {
        try {
          let fn: any = createCaller(createContext(req));
          for (const segment of segments) fn = fn[segment];
          const output = await fn(inputOf(req));
          reply.code(route.successStatus ?? 200);
          return route.render ? sendFile(reply, route.render(output)) : reply.send(successBody(output));
        } catch (error) {
          const answer = errorAnswer(error);
          if (answer.status >= 500) req.log.error({ err: error }, 'REST call failed');
          if (answer.retryAfterSeconds) reply.header('retry-after', String(answer.retryAfterSeconds));
          return reply.code(answer.status).send(answer.body);
        }
      },
    });
  }
}
