import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { closeToOthers } from '../data-roots.js';
import { lockDataDir } from './pglite-lock.js';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql as sqlTag, type SQL } from 'drizzle-orm';
import {
  APPLIED_MIGRATION_SQL, MIGRATIONS_FOLDER, appliedFrom, setupStatements, type Database, type DoorIdentity, type SessionSetup, type Tx,
} from './database.js';

/** PGlite's own start parameters (single-user mode, no parallel workers...), which a PGlite given
 * startParams no longer adds by itself. */
const PGLITE_START_PARAMS: readonly string[] = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;

/** The embedded default: the same migrations and policies on PGlite (PostgreSQL in WASM). */
export async function createPgliteDatabase(
  options: { dataDir?: string; loadDataDir?: Blob | File; sessionSetup?: SessionSetup } = {},
): Promise<Database> {
  const mode = options.sessionSetup ?? 'set_config';
  // The lock first: a folder another process has open is never touched.
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  let client: PGlite;
  try {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    // wal_recycle off: a WAL segment a checkpoint no longer needs is deleted rather than renamed
    // for reuse with its old bytes, so an erased child's rows leave the folder (purgeDeadRows).
    client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, startParams: [...PGLITE_START_PARAMS, '-c', 'wal_recycle=off'] });
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  if (options.dataDir) closeToOthers(options.dataDir);
  const owner = drizzle(client);

  // One statement per query: PGlite's query (extended protocol) takes no multi-statement string.
  const run = <T>(identity: DoorIdentity, fn: (tx: Tx) => Promise<T>) =>
    owner.transaction(async (tx) => {
      for (const statement of setupStatements(mode, identity)) await tx.execute(sqlTag.raw(statement));
      return fn(tx);
    });

  return {
    kind: 'pglite',
    withTenant: (churchId, fn) => run(churchId, fn),
    withPlatform: (fn) => run(null, fn),
    withAssociation: (associationId, fn) => run({ associationId }, fn),
    async ownerQuery<R>(query: SQL) {
      return (await owner.execute(query)).rows as R[];
    },
    async migrate() {
      await migrate(owner, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async appliedMigration() {
      return appliedFrom((await owner.execute(APPLIED_MIGRATION_SQL)).rows as Array<{ created_at: unknown }>);
    },
    async dumpDataDir() {
      // A checkpoint first, so the copy's data files are current and loading it replays little log.
      await client.exec('checkpoint');
      return client.dumpDataDir('gzip');
    },
    async purgeDeadRows(tables) {
      if (tables.length === 0) return;
      await client.exec(`vacuum full ${tables.map((table) => `"${table.replace(/"/g, '""')}"`).join(', ')}`);
      // The segment holding the rows' earlier writes is closed and, after the checkpoint, deleted.
      await client.exec('select pg_switch_wal()');
      await client.exec('checkpoint');
    },
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** For tests: a migrated data directory dumped once and loaded per test file (fast clone). */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}
