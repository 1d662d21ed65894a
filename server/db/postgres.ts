import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import type { SQL } from 'drizzle-orm';
import {
  MIGRATIONS_FOLDER, platformSetupSql, tenantSetupSql, type Database, type Tx,
} from './database.js';

/**
 * Drizzle sends its queries unprepared, which makes postgres.js describe each one first: two round
 * trips per query and a fresh plan every time. This client prepares them (cached per connection by
 * postgres.js), so a query costs one round trip. It also carries the pool's type options, which
 * drizzle reads.
 */
export function preparingClient(conn: postgres.Sql | postgres.ReservedSql | postgres.TransactionSql, options: postgres.Sql['options']) {
  return {
    options,
    unsafe: (query: string, params?: unknown[], queryOptions?: { prepare?: boolean }) =>
      conn.unsafe(query, params as postgres.ParameterOrJSON<never>[], { ...queryOptions, prepare: true }),
  } as unknown as postgres.Sql;
}

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
    try {
      // Not awaited on purpose: it travels in the same pipeline as the handler's first query.
      const setup = conn.unsafe(`begin; ${setupSql}`).simple();
      setup.catch(() => {}); // surfaced below, after the handler
      let result: T;
      try {
        result = await fn(drizzle(preparingClient(conn, sql.options)) as unknown as Tx);
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
