import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { sql, type SQL } from 'drizzle-orm';
import {
  APPLIED_MIGRATION_SQL, MIGRATIONS_FOLDER, appliedFrom, earlyCommits, setupStatements, type Database, type DoorIdentity, type SessionSetup, type Tx,
} from './database.js';
import { provisionRuntimeLogins, runtimeLoginUrls, type RuntimeLoginUrls } from './logins.js';

/**
 * Drizzle sends its queries unprepared, which makes postgres.js describe each one first: two round
 * trips per query and a fresh plan every time. This client prepares them (cached per connection by
 * postgres.js), so a query costs one round trip. Each query is handed to the connection at once
 * (postgres.js would wait until it is awaited), so queries go out in the order they were made, which
 * commitEarly relies on. `beforeQuery` may refuse a query by throwing; `watch` sees each query sent.
 * It also carries the pool's type options, which drizzle reads (and changes: pass the client's own).
 */
export function preparingClient(
  conn: postgres.Sql | postgres.ReservedSql | postgres.TransactionSql,
  options: postgres.Sql['options'],
  beforeQuery?: () => void,
  watch?: (query: Promise<unknown>) => void,
) {
  return {
    options,
    unsafe: (query: string, params?: unknown[], queryOptions?: { prepare?: boolean }) => {
      beforeQuery?.();
      const sent = conn.unsafe(query, params as postgres.ParameterOrJSON<never>[], { ...queryOptions, prepare: true }).execute();
      watch?.(sent);
      return sent;
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

/** Whether this database is a Citus cluster's coordinator (the extension is installed in it). */
const CITUS_INSTALLED_SQL = `select exists (select 1 from pg_extension where extname = 'citus') as citus`;

/**
 * How a dead database is noticed, and how soon a live one is used again:
 * - connect_timeout 5 s (postgres.js: 30 s): a connect to a host that does not answer fails while
 *   the request can still be answered (503) well within a client's patience;
 * - backoff: postgres.js waits up to 20 s (3^n/100 s) before connecting again after failures, and a
 *   request waits that long; capped at 0.5 s, a database that is back is used within a second;
 * - idle_in_transaction_session_timeout 60 s (a server setting, sent at connect): a transaction left
 *   open by a process that froze or lost its network is ended by the server, with its locks. No door
 *   stays idle in a transaction for long; 60 s leaves room for a slow payment gateway call.
 */
const CONNECT_TIMEOUT_SECONDS = 5;
const backoffSeconds = (retries: number) => Math.min(0.05 * 2 ** retries, 0.5);

const connectionOptions = (max: number, name: string, serverSettings: Record<string, string> = {}) => ({
  max,
  onnotice: () => {},
  connect_timeout: CONNECT_TIMEOUT_SECONDS,
  backoff: backoffSeconds,
  connection: { application_name: name, ...serverSettings },
});

/** A connection error of our own, mapped to 503 like the driver's (see errors.ts). */
const connectionLost = () => Object.assign(
  new Error('Database door: the connection closed during the transaction'), { code: 'CONNECTION_CLOSED' },
);

/** One connection of a door's pool. */
interface Slot {
  sql: postgres.Sql;
  /** Set by postgres.js's onclose; cleared once a statement has succeeded on a new connection. */
  down: boolean;
  /** How many times its connection has closed: a door that sees it change has lost its transaction. */
  closes: number;
  /** When to replace the client (as postgres.js's max_lifetime would, but never inside a door). */
  retireAt: number;
  /** A statement failed other than by an answer of the server: the connection is in doubt. */
  broken: boolean;
  /** Told when the connection closes, while a door call holds the slot. */
  onClose?: () => void;
}

/**
 * A door's pool: `size` postgres.js clients of one connection each, handed out one per door call.
 * Not postgres.js's own reserve(): in 3.4.9 a reserved connection that dies breaks the pool (a
 * released dead connection is handed out again and crashes the process on its next write, a reserve
 * that failed to connect later swallows a connection for good; porsager/postgres#1195, #1199), so
 * the pool never recovered from a database restart. With a client per connection its `onclose` says
 * exactly which door lost its transaction.
 */
function doorPool(url: string, size: number, name: string) {
  const lifetimeMs = () => (30 + 30 * Math.random()) * 60_000; // postgres.js's default max_lifetime
  const open = (slot?: Slot): Slot => {
    const fresh: Slot = slot ?? { sql: undefined as unknown as postgres.Sql, down: true, closes: 0, retireAt: 0, broken: false };
    fresh.down = true;
    fresh.broken = false;
    fresh.retireAt = Date.now() + lifetimeMs();
    const sql: postgres.Sql = postgres(url, {
      ...connectionOptions(1, name, { idle_in_transaction_session_timeout: '60s' }),
      max_lifetime: null, // retired between doors instead (see release)
      // Only the slot's current client speaks for it: a replaced one closes later, maybe while the
      // slot serves another door call on its new client.
      onclose: () => {
        if (fresh.sql !== sql) return;
        fresh.down = true;
        fresh.closes++;
        fresh.onClose?.();
      },
    });
    fresh.sql = sql;
    return fresh;
  };
  const idle: Slot[] = Array.from({ length: size }, () => open());
  const all = [...idle];
  const waiting: Array<(slot: Slot) => void> = [];
  return {
    acquire: (): Promise<Slot> => {
      const slot = idle.pop();
      return slot ? Promise.resolve(slot) : new Promise((resolve) => waiting.push(resolve));
    },
    release(slot: Slot) {
      // A client whose connection failed is replaced, not reused: postgres.js leaves a statement sent
      // between a socket's error and its close unanswered for ever.
      if (slot.broken || Date.now() > slot.retireAt) {
        slot.sql.end({ timeout: 5 }).catch(() => {});
        open(slot);
      }
      const next = waiting.shift();
      if (next) next(slot);
      else idle.push(slot);
    },
    end: () => Promise.all(all.map((slot) => slot.sql.end({ timeout: 5 }))),
    use: () => ({ size: all.length, inUse: all.length - idle.length, waiting: waiting.length }),
  };
}
type DoorPool = ReturnType<typeof doorPool>;
interface Doors { tenant: DoorPool; platform: DoorPool }

/**
 * PostgreSQL through postgres.js. The tenant and the platform door each have a pool of their own
 * login (see logins.ts); the owner is connected to only by `migrate()`, `ownerQuery()` and, once, to
 * learn the runtime logins. Given one URL, it is the owner's, and the doors use the runtime logins
 * that `migrate()` provisions.
 *
 * Each door call takes one pooled connection and pipelines `BEGIN; select set_config(...)` (or,
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
  const ownerUrl = typeof urls === 'string' ? urls : urls.owner;
  const openDoors = (logins: RuntimeLoginUrls): Doors => ({
    tenant: doorPool(logins.tenant, poolSize, 'sunday-school'),
    platform: doorPool(logins.platform, Math.max(2, Math.ceil(poolSize / 4)), 'sunday-school-platform'),
  });
  // Given only the owner's URL, the doors' logins are known once provisioned (their passwords come
  // from a secret in the database, see logins.ts): `migrate()` opens the doors, or the first door
  // call does, reading the logins through a short owner connection (a cluster worker never migrates).
  let doors: Doors | undefined = typeof urls === 'string' ? undefined : openDoors(urls);
  let opening: Promise<Doors> | undefined;
  const doorsReady = (): Promise<Doors> => opening ??= withOwnerClient('sunday-school-logins', (client) => runtimeLoginUrls(client, ownerUrl!))
    .then((logins) => (doors ??= openDoors(logins)), (error: unknown) => { opening = undefined; throw error; });
  let ownerPool: postgres.Sql | undefined;
  const owner = () => {
    if (!ownerUrl) throw new Error('No owner URL (DATABASE_URL): migrations and catalog reads need it.');
    return (ownerPool ??= postgres(ownerUrl, connectionOptions(2, 'sunday-school-owner')));
  };
  /** A client of its own for `work`, ended at once: a serving process keeps no owner connection open. */
  async function withOwnerClient<T>(name: string, work: (client: postgres.Sql) => Promise<T>): Promise<T> {
    if (!ownerUrl) throw new Error('No owner URL (DATABASE_URL): run the migrations with it (npm run db:migrate).');
    const client = postgres(ownerUrl, connectionOptions(2, name));
    try {
      return await work(client);
    } finally {
      await client.end({ timeout: 5 });
    }
  }

  // On a Citus cluster set_config would reach the coordinator only: its doors always use set_local.
  // Asked once per process, on the first door call's connection.
  let sessionMode: Promise<SessionSetup> | undefined;
  const modeOf = (conn: postgres.Sql): Promise<SessionSetup> => sessionMode ??= mode === 'set_local'
    ? Promise.resolve(mode)
    : conn.unsafe(CITUS_INSTALLED_SQL).then(([row]) => (row.citus ? 'set_local' : mode), (error: unknown) => { sessionMode = undefined; throw error; });

  async function run<T>(door: keyof Doors, identity: DoorIdentity, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const pool = (doors ?? await doorsReady())[door];
    const slot = await pool.acquire();
    const conn = slot.sql;
    let setup: string[];
    try {
      setup = setupStatements(await modeOf(conn), identity);
    } catch (error) {
      pool.release(slot);
      throw error;
    }
    const closesAtStart = slot.closes;
    // Its transaction is gone once the connection failed or closed; a statement sent then would hang
    // or run on a new connection, outside the transaction.
    const lost = () => slot.broken || slot.closes !== closesAtStart;
    const noteFailure = (query: Promise<unknown>): void => {
      query.catch((error) => { if (!(error instanceof postgres.PostgresError)) slot.broken = true; });
    };
    const watch = <Q extends Promise<unknown>>(query: Q): Q => { noteFailure(query); return query; };
    // A statement sent between the socket's error and its close is never answered by postgres.js;
    // awaited alone it would hold the request, and the slot, for ever. Every wait of the door ends
    // with the connection's close instead.
    let connectionClosed!: (error: Error) => void;
    const closing = new Promise<never>((_, reject) => { connectionClosed = reject; });
    closing.catch(() => {});
    slot.onClose = () => connectionClosed(connectionLost());
    const untilClosed = <R>(wait: Promise<R>): Promise<R> => Promise.race([wait, closing]);
    // Set when the door has closed: a handle kept past it (a late .then, a forgotten await) must
    // throw, never run on a connection that is back in the pool, in another request's transaction.
    let closed = false;
    try {
      const beginSql = ['begin', ...setup].join('; ');
      let begun: Promise<unknown>;
      if (slot.down) {
        // No open connection: BEGIN goes alone. Pipelined, the handler's statements would wait in
        // postgres.js's queue and, were the connect to fail, run on the next connection, outside
        // any transaction. Once per new connection, so it costs nothing in steady state.
        await untilClosed(watch(conn.unsafe(beginSql).simple().execute()));
        slot.down = false;
        begun = Promise.resolve();
      } else {
        // Not awaited on purpose: it travels in the same pipeline as the handler's first query.
        begun = watch(conn.unsafe(beginSql).simple().execute());
        begun.catch(() => {}); // surfaced below, after the handler
      }
      let earlyCommit: Promise<unknown> | undefined;
      const tx = drizzle(preparingClient(conn, conn.options, () => {
        if (closed) throw new Error('Database door: this transaction is over; a query was made after its request ended');
        if (earlyCommit) throw new Error('Tenant door: the transaction was already committed (commitEarly)');
        if (lost()) throw connectionLost();
      }, noteFailure)) as unknown as Tx;
      earlyCommits.set(tx, () => {
        if (lost()) return; // the handler's statement fails; nothing to commit
        earlyCommit ??= watch(conn.unsafe('commit').execute());
        earlyCommit.catch(() => {}); // awaited below
      });
      let result: T;
      try {
        result = await untilClosed(fn(tx));
        await untilClosed(begun);
      } catch (error) {
        if (earlyCommit) await untilClosed(earlyCommit).catch(() => {});
        else if (!lost()) await untilClosed(watch(conn.unsafe('rollback').execute())).catch(() => {});
        await untilClosed(begun).catch((setupError) => { throw setupError; });
        throw error;
      }
      if (lost()) throw connectionLost();
      await untilClosed(earlyCommit ?? watch(conn.unsafe('commit').execute()));
      return result;
    } finally {
      closed = true;
      slot.onClose = undefined;
      // A connection that closed during the door may still hold an unanswered statement of it: the
      // client is replaced, so that statement can never run later on a new connection.
      if (lost()) slot.broken = true;
      pool.release(slot);
    }
  }

  return {
    kind: 'postgres',
    withTenant: (churchId, fn) => run('tenant', churchId, fn),
    withPlatform: (fn) => run('platform', null, fn),
    // The tenant door's login is a member of the association role too (logins.ts): its pool serves both.
    withAssociation: (associationId, fn) => run('tenant', { associationId }, fn),
    async ownerQuery<R>(query: SQL) {
      return (await drizzle(owner()).execute(query)) as unknown as R[];
    },
    async migrate() {
      await withOwnerClient('sunday-school-migrate', async (client) => {
        const lock = await client.reserve();
        try {
          await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
          await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
          if (typeof urls === 'string') {
            const logins = await provisionRuntimeLogins(client, urls);
            doors ??= openDoors(logins);
          }
        } finally {
          await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {});
          lock.release();
        }
      });
    },
    async appliedMigration() {
      // A short owner connection of its own (the serving process keeps none), and none at all when
      // the server was given only the runtime logins.
      if (!ownerUrl) return undefined;
      return withOwnerClient('sunday-school-ready', async (client) =>
        appliedFrom(await drizzle(client).execute(APPLIED_MIGRATION_SQL) as unknown as Array<{ created_at: unknown }>));
    },
    async purgeDeadRows(tables) {
      // VACUUM is the table owner's; the serving process may hold only the runtime logins.
      if (!ownerUrl || tables.length === 0) return;
      await drizzle(owner()).execute(sql.raw(`vacuum ${tables.map((table) => `"${table.replace(/"/g, '""')}"`).join(', ')}`));
    },
    poolUse: () => (doors ? [{ door: 'tenant' as const, ...doors.tenant.use() }, { door: 'platform' as const, ...doors.platform.use() }] : []),
    async close() {
      const open = doors ?? await opening?.catch(() => undefined);
      await Promise.all([open?.tenant.end(), open?.platform.end(), ownerPool?.end({ timeout: 5 })]);
    },
  };
}
