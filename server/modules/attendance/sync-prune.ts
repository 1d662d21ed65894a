import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/index.js';
import type { JobDefinition } from '../jobs/index.js';
import { pruneSyncLedger } from './sync-queries.js';

/** Every night at 03:13 UTC. */
const PRUNE_CRON = '13 3 * * *';

export interface SyncPruneDeps { db: Database; retentionDays: number; log: FastifyBaseLogger }

/**
 * The offline-sync ledger (attendance_sync_batches) keeps a batch's id and answer for
 * SYNC_LEDGER_RETENTION_DAYS (at least 15), then this job deletes it. A copy of a batch that arrives
 * after that is taken as a new batch, but a mark can only be made for the last 14 days and a batch's
 * marks were dated no later than the day it first arrived: every mark of such a copy is refused as
 * too old, so nothing is written twice.
 */
export function attendanceJobs(deps: SyncPruneDeps): JobDefinition[] {
  return [{
    queue: 'attendance-sync-prune',
    cron: PRUNE_CRON,
    async run() {
      const deleted = await deps.db.withPlatform((tx) => pruneSyncLedger(tx, deps.retentionDays));
      if (deleted) deps.log.info({ deleted, retentionDays: deps.retentionDays }, 'offline-sync ledger pruned');
    },
  }];
}
