import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callTRPCProcedure } from '@trpc/server';
import { appRouter } from '../root.js';
import type { Context } from '../trpc/context.js';
import { describeTrpcError } from '../trpc/errors.js';
import { badRequest, ERROR_MESSAGES } from '../core/errors.js';
import { sendErrorAnswer, successBody } from './envelope.js';
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
  return reply.send(typeof file.body === 'string' ? file.body : Readable.from(file.body()));
}

/** The operator API's prefix in the OpenAPI document, and the documented one it also answers at. */
const ADMIN_API_PREFIX = '/api/admin/';
const ADMIN_DOCUMENTED_PREFIX = '/admin/';

/** A browser loading a page (its Accept prefers HTML) rather than a client calling the API. */
const isPageLoad = (req: FastifyRequest) => req.method === 'GET' && /^\s*text\/html/.test(req.headers.accept ?? '');

/**
 * Serves each procedure that declares a REST path (`.meta(rest(...))`) by calling it as the typed
 * client would, so validation, permissions and the tenant door are the same on both paths. The
 * operator API (/api/admin/...) also answers at the documented /admin/... paths, except to a page
 * load there, which gets the console's page (the single page app) like any other client route.
 */
export function registerRestRoutes(app: FastifyInstance, routes: RestRoute[], createContext: (req: FastifyRequest, reply: FastifyReply) => Context) {
  for (const route of routes) {
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
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
        return sendErrorAnswer(req, reply, error, describeTrpcError(error));
      }
    };
    const url = route.path.replace(/\{(\w+)\}/g, ':$1');
    app.route({ method: route.method, url, handler });
    if (url.startsWith(ADMIN_API_PREFIX)) {
      app.route({
        method: route.method,
        url: ADMIN_DOCUMENTED_PREFIX + url.slice(ADMIN_API_PREFIX.length),
        handler: (req, reply) => {
          if (isPageLoad(req)) return reply.callNotFound();
          // Outside /api/, so the app-wide no-store of API answers is set here.
          reply.header('cache-control', 'no-store');
          return handler(req, reply);
        },
      });
    }
  }
}
