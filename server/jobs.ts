import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { startJobQueue } from './modules/jobs/index.js';
import { digestJobs } from './modules/digest/index.js';
import { backupJobs } from './modules/backup/index.js';
import { familyExportJobs } from './modules/family-export/index.js';
import { attendanceJobs } from './modules/attendance/index.js';

/**
 * The scheduled work of a serving process (the weekly digest, the nightly backup when BACKUP is on,
 * the hourly sweep of expired family exports, the nightly prune of the offline-sync ledger), on the job queue in the database.
 * Started by server/main.ts after the server listens, when JOBS is on (off by default under
 * NODE_ENV=test, so a test's app runs no scheduler unless it asks); stopped before the app closes.
 */
export function startJobs(app: FastifyInstance, config: Config, db: Database) {
  const fixed = config.JOBS_FIXED_CLOCK ? new Date(config.JOBS_FIXED_CLOCK) : undefined;
  const clock = () => fixed ?? new Date();
  const sender = { db, mailer: app.services.mailer, publicUrl: config.PUBLIC_URL, log: app.log };
  const backups = config.BACKUP ? backupJobs({
    source: {
      db, ownerUrl: config.DATABASE_URL, pgBinDir: config.PG_BIN_DIR, storage: app.services.mediaStorage,
      signingKey: app.services.secretKeys.get('backupSigning'),
    },
    dir: config.BACKUP_DIR, keep: config.BACKUP_KEEP, cron: config.BACKUP_CRON, log: app.log,
  }) : [];
  const sweeps = [
    ...familyExportJobs({ db, storage: app.services.mediaStorage, log: app.log }),
    ...attendanceJobs({ db, retentionDays: config.SYNC_LEDGER_RETENTION_DAYS, log: app.log }),
  ];
  return startJobQueue(db, [...digestJobs(sender, clock), ...backups, ...sweeps], app.log);
}
