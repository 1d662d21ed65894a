import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES, notFound, unauthorized } from '../../core/errors.js';
import { errorAnswerDoc } from '../../rest/openapi.js';
import { answer, plainRoute, type PlainRoute } from '../../rest/plain-route.js';
import type { AppMetrics } from './metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The scraper's bearer token against the configured one, in constant time (digests of equal length). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * The count and time of every answer by its route pattern, while metrics are on (a token is set).
 */
export function countRequests(app: FastifyInstance, metrics: AppMetrics | undefined, token: string | undefined) {
  if (!metrics || !token) return;
  app.addHook('onResponse', (req, reply, done) => {
    // The route's pattern (/api/students/:id), never the address: an id or a code in a label
    // would make a series per church or child. Answers of no route (404s) share one label.
    metrics.request(req.routeOptions.url ?? 'unmatched', req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * GET /metrics in Prometheus's text format for a scraper holding METRICS_TOKEN (401 otherwise).
 * Without a token, metrics are off: the path answers 404 like any unknown one (it is registered all
 * the same, so the client page is never sent in its place) and no request is counted.
 */
export function metricsRoute(metrics: AppMetrics | undefined, token: string | undefined): PlainRoute {
  return plainRoute({
    method: 'GET',
    path: '/metrics',
    door: 'metrics',
    openapi: {
      operationId: 'metrics.scrape',
      summary: 'Prometheus metrics in text format (requests by route pattern and status, door transactions, pools, jobs, '
        + 'upload bytes, sign-in refusals); no church, person or id in any label',
      description: 'Off (404) unless the server has METRICS_TOKEN; then Authorization: Bearer <METRICS_TOKEN> (401 otherwise). '
        + 'In cluster mode each worker answers with its own counts.',
      tag: 'health',
      responses: {
        200: { description: 'The metrics', content: { 'text/plain': { schema: { type: 'string' } } } },
        401: errorAnswerDoc('No or a wrong token'),
        404: errorAnswerDoc('Metrics are off'),
      },
    },
    handler: async (req, reply) => {
      if (!metrics || !token) throw notFound(ERROR_MESSAGES.notFound);
      if (!tokenMatches(req.headers.authorization, token)) {
        void reply.header('www-authenticate', 'Bearer');
        throw unauthorized(ERROR_MESSAGES.metricsToken);
      }
      const text = await metrics.registry.metrics();
      void reply.header('cache-control', 'no-store');
      return answer.body(metrics.registry.contentType, text);
    },
  });
}
