import type { Database } from '../../db/index.js';
import { ERROR_MESSAGES, serviceUnavailable } from '../../core/errors.js';
import { errorAnswerDoc, successAnswerDoc } from '../../rest/openapi.js';
import { answer, plainRoute, type PlainRoute } from '../../rest/plain-route.js';
import type { ReadinessProbe } from './readiness.js';

/**
 * Liveness and readiness, on separate paths and open to anyone (they name no church):
 * GET /api/health answers while the process runs; GET /api/health/ready answers 200 with each
 * check's result when the process can serve, 503 with the same results when it cannot or is draining.
 */
export function healthRoutes(db: Database, readiness: ReadinessProbe): PlainRoute[] {
  const live = plainRoute({
    method: 'GET',
    path: '/api/health',
    door: 'public',
    openapi: {
      operationId: 'health.live',
      tag: 'health',
      summary: 'Liveness: answers while the process runs ({ status: ok, database: pglite or postgres })',
      responses: { 200: successAnswerDoc('The process is up') },
    },
    handler: async () => answer.data({ status: 'ok', database: db.kind }),
  });
  const ready = plainRoute({
    method: 'GET',
    path: '/api/health/ready',
    door: 'public',
    openapi: {
      operationId: 'health.ready',
      tag: 'health',
      summary: 'Readiness: the database, Redis (when configured), the media storage and the migrations, each ok, failed or skipped',
      description: 'Answers 503 with the same checks when one fails (reason not_ready) or while the process drains after SIGTERM '
        + '(reason draining).',
      responses: { 200: successAnswerDoc('Ready to serve'), 503: errorAnswerDoc('Not ready, or draining; the checks in data') },
    },
    handler: async () => {
      const data = await readiness.check();
      if (data.status === 'ready') return answer.data(data);
      return answer.refused(serviceUnavailable(ERROR_MESSAGES.notReady, { reason: data.status }), data);
    },
  });
  return [live, ready];
}
