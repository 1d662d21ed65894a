import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES, notFound, unauthorized } from '../../core/errors.js';
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
