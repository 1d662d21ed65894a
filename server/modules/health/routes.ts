import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.js';
import { ERROR_MESSAGES } from '../../core/errors.js';
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
