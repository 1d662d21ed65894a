import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.js';
import { ERROR_MESSAGES } from '../../core/errors.js';
import type { OpenApiPaths } from '../../rest/openapi.js';
import type { ReadinessProbe } from './readiness.js';

/**
 * Liveness and readiness, on separate paths and open to anyone (they name no church):
 * GET /api/health answers while the process runs; GET /api/health/ready answers 200 with each
 * check's result when the process can serve, 503 with the same results when it cannot or is draining.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Database, readiness: ReadinessProbe) {
  app.get('/api/health', async () => ({ success: true, data: { status: 'ok', database: db.kind } }));
  app.get('/api/health/ready', async (_req, reply) => {
    const data = await readiness.check();
    if (data.status === 'ready') return { success: true, data };
    return reply.code(503).send({ success: false, message: ERROR_MESSAGES.notReady, reason: data.status, data });
  });
}

/** The two health paths in the OpenAPI document (no session: they name no church). */
export function healthRoutesDoc(): OpenApiPaths {
  const open = { tags: ['health'], security: [{}], parameters: [] };
  return {
    '/api/health': {
      get: {
        operationId: 'health.live', ...open,
        summary: 'Liveness: answers while the process runs ({ status: ok, database: pglite or postgres })',
        responses: { 200: { description: 'The process is up' } },
      },
    },
    '/api/health/ready': {
      get: {
        operationId: 'health.ready', ...open,
        summary: 'Readiness: the database, Redis (when configured), the media storage and the migrations, each ok, failed or skipped',
        description: 'Answers 503 with the same checks when one fails (reason not_ready) or while the process drains after SIGTERM '
          + '(reason draining).',
        responses: { 200: { description: 'Ready to serve' }, 503: { description: 'Not ready, or draining' } },
      },
    },
  };
}
