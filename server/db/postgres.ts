import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import type { SQL } from 'drizzle-orm';
import {
  MIGRATIONS_FOLDER, earlyCommits, setupStatements, type Database, type SessionSetup, type Tx,
} from './database.js';
import { provisionRuntimeLogins, runtimeLoginUrl } from './logins.js';

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

/** Where the doors and the migrations connect. */
export interface PostgresUrls {
  /** The login of the tenant door (a member of app_tenant only). */
  tenant: string;
  /** The login of the platform door (a member of app_platform only). */
  platform: string;
  /** The owner of the schema: migrations, provisioning the logins, catalog reads in tests. */
  owner?: string;
}

/** Serialises migrations and provisioning between server processes starting at once. */
const MIGRATION_LOCK = 72_410_515;

const connectionOptions = (max: number, name: string) => ({
  max,
  onnotice: () => {},
  connection: { application_name: name },
});

/**
 * PostgreSQL through postgres.js. The tenant and the platform door each have a pool of their own
 * login (see logins.ts); the owner is connected to only by `migrate()` and `ownerQuery()`. Given one
 * URL, it is the owner's, and the doors use the runtime logins that `migrate()` provisions.
 *
 * Each door call reserves one pooled connection and pipelines `BEGIN; select set_config(...)` (or,
 * with `sessionSetup: 'set_local'`, `BEGIN; set local ...; set local role ...`: one simple-protocol
 * query either way) with the handler's first query, so the door costs one round trip (the COMMIT)
 * beyond the queries themselves.
 */
export function createPostgresDatabase(
  urls: PostgresUrls | string,
  poolSize: number,
  options: { sessionSetup?: SessionSetup } = {},
): Database {
  const mode = options.sessionSetup ?? 'set_config';
  const resolved: PostgresUrls = typeof urls === 'string'
    ? { owner: urls, tenant: runtimeLoginUrl(urls, 'tenant'), platform: runtimeLoginUrl(urls, 'platform') }
    : urls;
  const tenantPool = postgres(resolved.tenant, connectionOptions(poolSize, 'sunday-school'));
  const platformPool = postgres(resolved.platform, connectionOptions(Math.max(2, Math.ceil(poolSize / 4)), 'sunday-school-platform'));
  let ownerPool: postgres.Sql | undefined;
  const owner = () => {
    if (!resolved.owner) throw new Error('No owner URL (DATABASE_URL): migrations and catalog reads need it.');
    return (ownerPool ??= postgres(resolved.owner, connectionOptions(2, 'sunday-school-owner')));
  };

  async function run<T>(pool: postgres.Sql, setup: string[], fn: (tx: Tx) => Promise<T>): Promise<T> {
    const conn = await pool.reserve();
    // Set when the door has closed: a handle kept past it (a late .then, a forgotten await) must
    // throw, never run on a connection that is back in the pool, in another request's transaction.
    let closed = false;
    try {
      // Not awaited on purpose: it travels in the same pipeline as the handler's first query.
      const begun = conn.unsafe(['begin', ...setup].join('; ')).simple();
      begun.catch(() => {}); // surfaced below, after the handler
      let earlyCommit: Promise<unknown> | undefined;
      const tx = drizzle(preparingClient(conn, pool.options, () => {
        if (closed) throw new Error('Database door: this transaction is over; a query was made after its request ended');
        if (earlyCommit) throw new Error('Tenant door: the transaction was already committed (commitEarly)');
      })) as unknown as Tx;
      earlyCommits.set(tx, () => {
        earlyCommit ??= conn.unsafe('commit').execute();
        earlyCommit.catch(() => {}); // awaited below
      });
      let result: T;
      try {
        result = await fn(tx);
        await begun;
      } catch (error) {
        if (earlyCommit) await earlyCommit.catch(() => {});
        else await conn.unsafe('rollback').catch(() => {});
        await begun.catch((setupError) => { throw setupError; });
        throw error;
      }
      await (earlyCommit ?? conn.unsafe('commit'));
      return result;
    } finally {
      closed = true;
      conn.release();
    }
  }

  return {
    kind: 'postgres',
    withTenant: (churchId, fn) => run(tenantPool, setupStatements(mode, churchId), fn),
    withPlatform: (fn) => run(platformPool, setupStatements(mode, null), fn),
    async ownerQuery<R>(query: SQL) {
      return (await drizzle(owner()).execute(query)) as unknown as R[];
    },
    async migrate() {
      // A client of its own, ended at once: a serving process keeps no owner connection open.
      const ownerUrl = resolved.owner;
      if (!ownerUrl) throw new Error('No owner URL (DATABASE_URL): run the migrations with it (npm run db:migrate).');
      const client = postgres(ownerUrl, connectionOptions(2, 'sunday-school-migrate'));
      try {
        const lock = await client.reserve();
        try {
          await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
          await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
          if (typeof urls === 'string') await provisionRuntimeLogins(client, ownerUrl);
        } finally {
          await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {});
          lock.release();
        }
      } finally {
        await client.end({ timeout: 5 });
      }
    },
    async close() {
      await Promise.all([tenantPool, platformPool, ...(ownerPool ? [ownerPool] : [])].map((pool) => pool.end({ timeout: 5 })));
    },
  };
}
