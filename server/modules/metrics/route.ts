import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES, notFound, unauthorized } from '../../core/errors.js';
import type { OpenApiPaths } from '../../rest/openapi.js';
import type { AppMetrics } from './metrics.js';

const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The scraper's bearer token against the configured one, in constant time (digests of equal length). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics in Prometheus's text format for a scraper holding METRICS_TOKEN (401 otherwise), and
 * the count and time of every answer by its route pattern. Without a token, metrics are off: the path
 * answers 404 like any unknown one (it is registered all the same, so the client page is never sent
 * in its place) and no request is counted.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: AppMetrics | undefined, token: string | undefined) {
  if (metrics && token) {
    app.addHook('onResponse', (req, reply, done) => {
      // The route's pattern (/api/students/:id), never the address: an id or a code in a label
      // would make a series per church or child. Answers of no route (404s) share one label.
      metrics.request(req.routeOptions.url ?? 'unmatched', req.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  app.get(METRICS_PATH, async (req, reply) => {
    if (!metrics || !token) throw notFound(ERROR_MESSAGES.notFound);
    if (!tokenMatches(req.headers.authorization, token)) {
      void reply.header('www-authenticate', 'Bearer');
      throw unauthorized(ERROR_MESSAGES.metricsToken);
    }
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}

/** /metrics in the OpenAPI document: for a scraper, not a church user. */
export function metricsRouteDoc(): OpenApiPaths {
  return {
    [METRICS_PATH]: {
      get: {
        operationId: 'metrics.scrape',
        summary: 'Prometheus metrics in text format (requests by route pattern and status, door transactions, pools, jobs, '
          + 'upload bytes, sign-in refusals); no church, person or id in any label',
        description: 'Off (404) unless the server has METRICS_TOKEN; then Authorization: Bearer <METRICS_TOKEN> (401 otherwise). '
          + 'In cluster mode each worker answers with its own counts.',
        tags: ['health'],
        security: [{ bearer: [] }],
        parameters: [],
        responses: { 200: { description: 'The metrics' }, 401: { description: 'No or a wrong token' }, 404: { description: 'Metrics are off' } },
      },
    },
  };
}
