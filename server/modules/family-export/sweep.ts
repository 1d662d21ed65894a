import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { familyExports } from '../../../drizzle/schema/index.js';
import type { Database } from '../../db/index.js';
import type { JobDefinition } from '../jobs/index.js';
import type { MediaStorage } from '../media-storage/index.js';

/** Every hour, at a minute away from the top of the hour. */
const SWEEP_CRON = '17 * * * *';
/** A downloaded export's file is deleted once its download has ended; this long after it, the
 * sweep deletes one that is still there (its deletion failed, or the server stopped meanwhile). */
const DOWNLOADED_GRACE = sql`interval '1 hour'`;
/** Files deleted per run at most; the next run takes the rest. */
const SWEEP_BATCH = 500;

export interface ExportSweepDeps { db: Database; storage: MediaStorage; log: FastifyBaseLogger }

/**
 * Deletes the stored ZIP of every export whose link has expired unused (the row becomes 'expired'),
 * and of every downloaded one whose file is still stored; the row keeps what was made and when, no
 * file. Platform door, across churches (a maintenance statement, not a church's request); the file
 * first, then the row, so a failed deletion is tried again by the next run. Answers the count.
 */
async function sweepExpiredExports({ db, storage, log }: ExportSweepDeps): Promise<number> {
  const due = await db.withPlatform((tx) => tx.select({ churchId: familyExports.churchId, id: familyExports.id, storageName: familyExports.storageName })
    .from(familyExports)
    .where(and(isNotNull(familyExports.storageName), or(
      and(eq(familyExports.status, 'ready'), lt(familyExports.expiresAt, sql`now()`)),
      and(eq(familyExports.status, 'downloaded'), lt(familyExports.downloadedAt, sql`now() - ${DOWNLOADED_GRACE}`)),
    )))
    .limit(SWEEP_BATCH));
  let swept = 0;
  for (const row of due) {
    try {
      await storage.delete(`${row.churchId}/${row.storageName!}`);
    } catch (err) {
      log.error({ err, exportId: row.id }, 'could not delete an expired family export');
      continue;
    }
    await db.withPlatform((tx) => tx.update(familyExports)
      .set({ storageName: null, status: sql`case when ${familyExports.status} = 'ready' then 'expired' else ${familyExports.status} end` })
      .where(and(eq(familyExports.churchId, row.churchId), eq(familyExports.id, row.id), eq(familyExports.storageName, row.storageName!))));
    swept++;
  }
  if (swept) log.info({ swept }, 'expired family exports deleted');
  return swept;
}

/** The sweep on the job queue: once an hour across all processes. */
export function familyExportJobs(deps: ExportSweepDeps): JobDefinition[] {
  return [{
    queue: 'family-export-sweep',
    cron: SWEEP_CRON,
    async run() {
      await sweepExpiredExports(deps);
    },
  }];
}
