import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { appRouter, type AppRouter } from './root.js';
import { createContextFactory } from './trpc/context.js';
import { createServices } from './services.js';
import { registerRestRoutes } from './rest/adapter.js';
import { restRoutes } from './rest/routes.js';
import { buildOpenApiDocument, renderDocsPage } from './rest/openapi.js';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
}

const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/trpc');

/** Builds the whole server without listening, so tests can start it on a random port. */
export async function buildApp({ config, db, logger }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 500 },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  const services = createServices(config, db);
  const createContext = createContextFactory({ config, db, services });

  // Security headers (helmet) and the request id on every answer. helmet's middleware is built once
  // here: @fastify/helmet rebuilt it, parsing the whole policy, on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    securityHeaders(req.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createContext(req),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path }, 'tRPC call failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  registerRestRoutes(app, restRoutes, createContext);
  const openApi = buildOpenApiDocument(restRoutes, config.PUBLIC_URL);
  app.get('/api/openapi.json', async () => openApi);
  const docsPage = renderDocsPage(openApi);
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(docsPage));
  app.get('/api/health', async () => ({ success: true, data: { status: 'ok', database: db.kind } }));

  // Malformed JSON and other request errors get the REST envelope, never a bare 500.
  app.setErrorHandler((error: { statusCode?: number; message: string }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) req.log.error({ err: error }, 'request failed');
    const message = status === 500 ? 'Something went wrong on our side. Please try again.'
      : status === 413 ? 'The request is too large.'
      : status === 415 ? 'Send the body as JSON (Content-Type: application/json).'
      : error.message.startsWith('Body') || error.message.includes('JSON') ? 'The request body is not valid JSON.'
      : error.message;
    return reply.code(status).send({ success: false, message });
  });

  const clientDir = path.resolve(config.CLIENT_DIST_DIR);
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    if (!isApiPath(req.url) && req.method === 'GET' && hasClient) {
      // Client-side routes (/login, /subscription, ...) all load the single page app.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ success: false, message: 'Not found.' });
  });

  return app;
}
