import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import type { SQL } from 'drizzle-orm';
import {
  MIGRATIONS_FOLDER, earlyCommits, platformSetupSql, tenantSetupSql, type Database, type Tx,
} from './database.js';

/**
 * Drizzle sends its queries unprepared, which makes postgres.js describe each one first: two round
 * trips per query and a fresh plan every time. This client prepares them (cached per connection by
 * postgres.js), so a query costs one round trip. Each query is handed to the connection at once
 * (postgres.js would wait until it is awaited), so queries go out in the order they were made, which
 * commitEarly relies on. `beforeQuery` may refuse a query by throwing. It also carries the pool's
 * type options, which drizzle reads.
 */
export function preparingClient(
  conn: postgres.Sql | postgres.ReservedSql | postgres.TransactionSql,
  options: postgres.Sql['options'],
  beforeQuery?: () => void,
) {
  return {
    options,
    unsafe: (query: string, params?: unknown[], queryOptions?: { prepare?: boolean }) => {
      beforeQuery?.();
      return conn.unsafe(query, params as postgres.ParameterOrJSON<never>[], { ...queryOptions, prepare: true }).execute();
    },
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
      let earlyCommit: Promise<unknown> | undefined;
      const tx = drizzle(preparingClient(conn, sql.options, () => {
        if (earlyCommit) throw new Error('Tenant door: the transaction was already committed (commitEarly)');
      })) as unknown as Tx;
      earlyCommits.set(tx, () => {
        earlyCommit ??= conn.unsafe('commit').execute();
        earlyCommit.catch(() => {}); // awaited below
      });
      let result: T;
      try {
        result = await fn(tx);
        await setup;
      } catch (error) {
        if (earlyCommit) await earlyCommit.catch(() => {});
        else await conn.unsafe('rollback').catch(() => {});
        await setup.catch((setupError) => { throw setupError; });
        throw error;
      }
      await (earlyCommit ?? conn.unsafe('commit'));
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
