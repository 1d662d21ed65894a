import { sql } from 'drizzle-orm';
import { newestMigrationInFolder, type Database } from '../../db/index.js';
import type { MediaStorage } from '../media-storage/index.js';

/** How long one check may take: a dependency slower than this is not ready. */
const CHECK_TIMEOUT_MS = 2_000;

/** A check's result: `skipped` when the dependency is not configured (or, for the migrations, the
 * server was given no owner URL to read them with). */
type CheckResult = 'ok' | 'failed' | 'skipped';
export interface Readiness {
  status: 'ready' | 'not_ready' | 'draining';
  checks: { database: CheckResult; redis: CheckResult; storage: CheckResult; migrations: CheckResult | 'behind' };
}

export interface ReadinessDeps {
  db: Database;
  services: { sharedStoreReachable(): Promise<boolean | undefined>; mediaStorage: MediaStorage };
}

/** `work`'s result, or `failed` when it throws or outlasts the timeout. */
async function bounded<R extends string>(work: () => Promise<R>): Promise<R | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'failed'>((resolve) => { timer = setTimeout(resolve, CHECK_TIMEOUT_MS, 'failed'); });
  try {
    return await Promise.race([work().catch(() => 'failed' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this process should be sent requests: the database answers through the platform door,
 * Redis answers a PING (when REDIS_URL is set), the media storage is reachable, and the database
 * carries every migration of this build. Not ready from the moment the process starts draining
 * (SIGTERM, or the app closing), so a load balancer stops sending before the listener closes.
 */
export function createReadiness({ db, services }: ReadinessDeps) {
  const newest = newestMigrationInFolder();
  // Migrations are never undone: once the database has this build's newest, it keeps it (a later
  // build's migrations only add), so the owner is asked until then and never again.
  let migrationsCurrent = false;
  let draining = false;

  const migrations = async (): Promise<CheckResult | 'behind'> => {
    if (migrationsCurrent) return 'ok';
    const applied = await db.appliedMigration();
    if (applied === undefined) return 'skipped';
    migrationsCurrent = applied !== null && applied >= newest;
    return migrationsCurrent ? 'ok' : 'behind';
  };

  return {
    /** From now on not ready: the process is shutting down. */
    drain() {
      draining = true;
    },
    async check(): Promise<Readiness> {
      const [database, redis, storage, migrated] = await Promise.all([
        bounded(async () => { await db.withPlatform((tx) => tx.execute(sql`select 1`)); return 'ok' as const; }),
        bounded(async () => {
          const reachable = await services.sharedStoreReachable();
          return reachable === undefined ? 'skipped' as const : reachable ? 'ok' as const : 'failed' as const;
        }),
        bounded(async () => { await services.mediaStorage.check(); return 'ok' as const; }),
        bounded(migrations),
      ]);
      const checks = { database, redis, storage, migrations: migrated };
      const healthy = Object.values(checks).every((result) => result === 'ok' || result === 'skipped');
      return { status: draining ? 'draining' : healthy ? 'ready' : 'not_ready', checks };
    },
  };
}
export type ReadinessProbe = ReturnType<typeof createReadiness>;
