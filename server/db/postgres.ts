import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import type { SQL } from 'drizzle-orm';
import {
  MIGRATIONS_FOLDER, platformSetupSql, tenantSetupSql, type Database, type Tx,
} from './database.js';

/**
 * PostgreSQL through postgres.js. Each door call reserves one pooled connection and pipelines
 * `BEGIN; select set_config(...)` with the handler's first query, so the door costs one round trip
 * (the COMMIT) beyond the queries themselves.
 */
export function createPostgresDatabase(url: string, poolSize: number): Database {
  const sql = postgres(url, {
    max: poolSize,
    onnotice: () => {},
    connection: { application_name: 'sunday-school' },
  });
  const owner = drizzle(sql);

  async function run<T>(setupSql: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const conn = await sql.reserve();
    // drizzle reads the client's type options; a reserved connection shares the pool's.
    (conn as unknown as { options: typeof sql.options }).options = sql.options;
    try {
      // Not awaited on purpose: it travels in the same pipeline as the handler's first query.
      const setup = conn.unsafe(`begin; ${setupSql}`).simple();
      setup.catch(() => {}); // surfaced below, after the handler
      let result: T;
      try {
        result = await fn(drizzle(conn) as unknown as Tx);
        await setup;
      } catch (error) {
        await conn.unsafe('rollback').catch(() => {});
        await setup.catch((setupError) => { throw setupError; });
        throw error;
      }
      await conn.unsafe('commit');
      return result;
    } finally {
      conn.release();
    }
  }

  return {
    kind: 'postgres',
    withTenant: (churchId, fn) => run(tenantSetupSql(churchId), fn),
    withPlatform: (fn) => run(platformSetupSql, fn),
    async ownerQuery<R>(query: SQL) {
      return (await owner.execute(query)) as unknown as R[];
    },
    async migrate() {
      await migrate(owner, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
