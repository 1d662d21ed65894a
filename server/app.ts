import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { Config } from './config.js';
import { observeDoors, type Database } from './db/index.js';
import { appRouter, consoleRouter, type AppRouter } from './root.js';
import { createContextFactory } from './trpc/context.js';
import { createServices, type Services } from './services.js';
import { registerRestRoutes } from './rest/adapter.js';
import { registerPlainRoutes, type PlainRoute } from './rest/plain-route.js';
import { apiDocumentRoutes } from './rest/document-routes.js';
import { paymentWebhookRoute } from './modules/payments/index.js';
import { galleryFileRoutes } from './modules/gallery/index.js';
import { studentImportRoutes } from './modules/student-import/index.js';
import { exportDownloadRoute } from './modules/family-export/index.js';
import { circularUploadRoute } from './modules/association-files/index.js';
import { reportCardLinkRoute } from './modules/exams/index.js';
import { limitBodyTime } from './body-timeout.js';
import { securityHeaders } from './security-headers.js';
import { answerClientError } from './client-errors.js';
import { restRoutesOf } from './rest/routes.js';
import { sendErrorAnswer } from './rest/envelope.js';
import { describeError } from './core/error-policy.js';
import { ERROR_MESSAGES, notFound } from './core/errors.js';
import { loggerOptions, logRequestLine, OneLinePerRequest, recordFailure } from './logging.js';
import { loadClientPage } from './client-page.js';
import { countRequests, createMetrics, metricsRoute, NO_METRICS } from './modules/metrics/index.js';
import { createReadiness, healthRoutes, type ReadinessProbe } from './modules/health/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's long-lived collaborators (throttles, background work); for shutdown and tests. */
    services: Services;
    /** Readiness (GET /api/health/ready); `drain()` makes it answer 503 from the start of a shutdown. */
    readiness: ReadinessProbe;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
}

/** Hashed build assets: cached by browsers and proxies for a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The most calls the typed client sends in one request; larger batches are refused (400). */
const TRPC_MAX_BATCH_SIZE = 20;

const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/trpc');

/** A hop count becomes what proxy-addr does with one (Fastify's types take no number). */
const trustedProxies = (setting: Config['TRUST_PROXY']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

/** Any error a route or Fastify raised: answered by the one policy, logged in the request's line. */
function sendError(error: unknown, req: FastifyRequest, reply: FastifyReply) {
  return sendErrorAnswer(req, reply, error, describeError(error));
}

/** Builds the whole server without listening, so tests can start it on a random port. */
export async function buildApp({ config, db: database, logger }: BuildAppOptions) {
  // Metrics only when a scraper is configured; then every door call of the app is timed.
  const metrics = config.METRICS_TOKEN ? createMetrics(database) : undefined;
  const db = metrics ? observeDoors(database, (door, committed, seconds) => metrics.door(door, committed, seconds)) : database;
  const app = Fastify({
    // A plugin's start (static files, compressed copies read at start) may take over Fastify's 10 s
    // on a starved 2-core machine; a start that is slow is not a start that failed.
    pluginTimeout: 60_000,
    logger: logger ?? loggerOptions(config),
    logController: new OneLinePerRequest(),
    trustProxy: trustedProxies(config.TRUST_PROXY),
    // A client gets this long to send its headers and body; a slow sender is cut off with 408. This
    // is the longest any route allows (an upload's); limitBodyTime holds the others to theirs.
    requestTimeout: Math.max(config.REQUEST_TIMEOUT_SECONDS, config.UPLOAD_TIMEOUT_SECONDS) * 1000,
    http: {
      headersTimeout: Math.min(config.REQUEST_TIMEOUT_SECONDS, 20) * 1000,
      // How often Node checks those limits (its default, 30 s, would let a slow sender stay that long).
      connectionsCheckingInterval: 1000,
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 500 },
    frameworkErrors: (error, req, reply) => {
      reply.header('x-request-id', req.id).header('cache-control', 'no-store');
      reply.raw.once('finish', () => logRequestLine(req, reply)); // no request hooks run for these
      void sendError(error, req, reply);
    },
    forceCloseConnections: 'idle',
    clientErrorHandler: answerClientError,
    return503OnClosing: true,
  });

  limitBodyTime(app, config.REQUEST_TIMEOUT_SECONDS * 1000);

  // JSON only: a text/plain body would otherwise reach a procedure as a string.
  app.removeContentTypeParser('text/plain');

  const services = createServices(config, db, metrics ?? NO_METRICS);
  const createContext = createContextFactory({ config, db, services });
  app.decorate('services', services);
  app.addHook('onClose', async () => { await services.close(); });
  const readiness = createReadiness({ db: database, services });
  app.decorate('readiness', readiness);
  // A close that starts here (not through main.ts's shutdown) drains too.
  app.addHook('preClose', (done) => { readiness.drain(); done(); });

  // Security headers (helmet's, computed once: security-headers.ts) and the request id on every answer.
  const securityHeaderValues = securityHeaders();
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    // API answers carry church data (children's names among them): never kept by a browser or proxy.
    if (isApiPath(req.url)) reply.header('cache-control', 'no-store');
    reply.headers(securityHeaderValues);
    done();
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res, info }) => createContext(req, res, { isBatchCall: info.isBatchCall }),
      // The client batches at most this many calls (client/src/lib/trpc.ts); more is refused.
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      onError: ({ error, req }) => recordFailure(req, error),
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  // The console's calls: the operator's procedures again, under the path its session cookie is
  // limited to (/api/admin), so the cookie never travels with a church call.
  await app.register(fastifyTRPCPlugin, {
    prefix: '/api/admin/trpc',
    trpcOptions: {
      router: consoleRouter,
      createContext: ({ req, res, info }) => createContext(req, res, { isBatchCall: info.isBatchCall }),
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      onError: ({ error, req }) => recordFailure(req, error),
    } satisfies FastifyTRPCPluginOptions<typeof consoleRouter>['trpcOptions'],
  });

  // The routes that are not procedures (files, a signed webhook, health, metrics), each declared
  // once with its door and OpenAPI entry (server/rest/plain-route.ts).
  const plainRoutes: PlainRoute[] = [
    paymentWebhookRoute({ db, gateway: services.gateway, mailer: services.mailer, publicUrl: config.PUBLIC_URL }),
    ...galleryFileRoutes({ db, config, services }),
    exportDownloadRoute({ db, services }),
    circularUploadRoute(services),
    reportCardLinkRoute({ db }),
    ...studentImportRoutes({ config, services }),
    ...healthRoutes(db, readiness),
    metricsRoute(metrics, config.METRICS_TOKEN),
  ];
  const restRoutes = restRoutesOf(appRouter);
  registerRestRoutes(app, restRoutes, createContext);
  registerPlainRoutes(app, [...plainRoutes, ...apiDocumentRoutes(restRoutes, config.PUBLIC_URL, plainRoutes)], { db, config, services });

  // Fastify's own errors (bad JSON, a bad URL, a body too large or of another type, a timeout) and
  // anything a route threw: the same policy and envelope as every other error, URL never echoed.
  app.setErrorHandler(sendError);
  // The count of answers covers every route.
  countRequests(app, metrics, config.METRICS_TOKEN);
  // The router's own refusals (a URL that is not valid UTF-8, a parameter over maxParamLength) come
  // before any hook: frameworkErrors is their only way into the same policy.

  const clientDir = path.resolve(config.CLIENT_DIST_DIR);
  const sendClientPage = existsSync(path.join(clientDir, 'index.html')) ? loadClientPage(clientDir, { demo: config.DEMO }) : undefined;
  if (sendClientPage) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The .br / .gz files written at build time, chosen by Accept-Encoding (with Vary).
      preCompressed: true,
      // Build metadata (.vite/manifest.json, read by scripts/bundle-budget.ts) is not for browsers;
      // the page itself is sent as this server made it (sendClientPage), never the built file.
      allowedPath: (pathname) => !pathname.split('/').some((part) => part.startsWith('.')) && !pathname.startsWith('/index.html'),
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        // Files under assets/ carry a content hash in their name: a new build gives new names. The
        // others keep their names from build to build and are revalidated on every use: the service
        // worker (sw.js, which the browser compares byte for byte to find a new version), the web app
        // manifest and its icons.
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (!isApiPath(req.url) && !req.url.startsWith('/assets/') && req.method === 'GET' && sendClientPage) {
      // Client-side routes (/login, /subscription, ...) all load the single page app. A missing
      // asset (a chunk of an older release asked for by a page loaded before it) is a plain 404,
      // so the page's import fails cleanly and offers a reload, instead of getting HTML as script.
      return sendClientPage(req, reply);
    }
    const missing = notFound(ERROR_MESSAGES.notFound);
    return sendErrorAnswer(req, reply, missing, describeError(missing));
  });

  return app;
}
