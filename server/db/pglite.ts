import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql as sqlTag, type SQL } from 'drizzle-orm';
import {
  MIGRATIONS_FOLDER, platformSetupSql, tenantSetupSql, type Database, type Tx,
} from './database.js';

/** The embedded default: the same migrations and policies on PGlite (PostgreSQL in WASM). */
export async function createPgliteDatabase(
  options: { dataDir?: string; loadDataDir?: Blob | File } = {},
): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  await client.waitReady;
  const owner = drizzle(client);

  const run = <T>(setupSql: string, fn: (tx: Tx) => Promise<T>) =>
    owner.transaction(async (tx) => {
      await tx.execute(sqlTag.raw(setupSql));
      return fn(tx);
    });

  return {
    kind: 'pglite',
    withTenant: (churchId, fn) => run(tenantSetupSql(churchId), fn),
    withPlatform: (fn) => run(platformSetupSql, fn),
    async ownerQuery<R>(query: SQL) {
      return (await owner.execute(query)).rows as R[];
    },
    async migrate() {
      await migrate(owner, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      await client.close();
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
