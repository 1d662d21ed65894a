import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { isGuid } from '../../common/school.js';
/** A Drizzle handle bound to one transaction of the tenant or platform door. The core query builder
 * only: no relational-query schema, whose set-up would be paid on every request. */
export type Tx = PgDatabase<PgQueryResultHKT>;

export const TENANT_ROLE = 'app_tenant';
export const PLATFORM_ROLE = 'app_platform';
export const ASSOCIATION_ROLE = 'app_association';

/** Whom a door's transaction runs for: a church (the tenant role), an association (its role, which
 * holds no church table), or the platform (null). */
export type DoorIdentity = string | { associationId: string } | null;

/**
 * The database as the rest of the server sees it: two doors and nothing else.
 *
 * - `withTenant` is the only way to church data: one transaction, running as app_tenant (no
 *   BYPASSRLS, owns nothing) with app.church_id set, so row-level security filters every row.
 * - `withPlatform` is the one door that may cross churches (church-code lookup, registration,
 *   seeding, operator console). It runs as app_platform.
 * - `withAssociation` runs as app_association with app.association_id set: the association's own
 *   rows, and its member churches' figures through functions owned by the platform (no church table).
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  withTenant<T>(churchId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  withPlatform<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  withAssociation<T>(associationId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Owner-level statements: migrations and test/diagnostic catalog reads only. */
  ownerQuery<R = Record<string, unknown>>(query: SQL): Promise<R[]>;
  migrate(): Promise<void>;
  /** The newest migration applied to the database, as drizzle's bookkeeping records it (its folder
   * time; null when none ran); undefined where this process cannot read it (no owner URL). */
  appliedMigration(): Promise<number | null | undefined>;
  /** The door pools' connections: in use by a door call and callers waiting for one (PostgreSQL;
   * the embedded database is one session and has no pool). */
  poolUse?(): Array<{ door: 'tenant' | 'platform'; size: number; inUse: number; waiting: number }>;
  /** The embedded database only: a copy of its data folder (a gzipped tar, as PGlite's
   * `loadDataDir` takes it), made between two statements (backups). */
  dumpDataDir?(): Promise<Blob>;
  /** After an erasure: the given tables' dead rows removed from their files and, on the embedded
   * database, from its write-ahead log too (VACUUM FULL, a WAL switch and a checkpoint; WAL segments
   * are never recycled there, so an old segment's bytes do not live on); on PostgreSQL a plain VACUUM
   * when this process has the owner's URL, else nothing (autovacuum). Never inside a transaction. */
  purgeDeadRows(tables: readonly string[]): Promise<void>;
  close(): Promise<void>;
}


/** Set by a door that can pipeline (postgres.js): ends that transaction early, see commitEarly. */
export const earlyCommits = new WeakMap<Tx, () => void>();

/**
 * Ends the door's transaction with a COMMIT sent right behind the statements already sent, in the
 * same round trip as the last of them, instead of one more round trip after the handler. From then
 * on the transaction is over: a later query on \`tx\` throws (it would no longer run as the tenant),
 * and a refusal can no longer roll anything back. So call it only right after sending statements that
 * write nothing unless the request succeeds. On PGlite (no pipelining) the door commits as usual.
 */
export function commitEarly(tx: Tx): void {
  earlyCommits.get(tx)?.();
}

/**
 * How a door sets the church and the role of its transaction (TENANT_SESSION_SETUP):
 * - `set_config`: one `select set_config('app.church_id', ..., true), set_config('role', ..., true)`;
 * - `set_local`: `set local app.church_id = ...; set local role ...`, which Citus propagates to its
 *   worker nodes when told to (`citus.propagate_set_commands = 'local'`, set first, in the same
 *   transaction; elsewhere a harmless placeholder setting). Citus never propagates set_config calls
 *   made in a SELECT, so a database with the citus extension always gets `set_local` (see postgres.ts).
 * Both are undone by the COMMIT or ROLLBACK, so a pooled connection never carries one request's
 * church into the next.
 */
export type SessionSetup = 'set_config' | 'set_local';

/** A church or association id is inlined into the session-setup statement (so it can share a round
 * trip with BEGIN), therefore it must be a well-formed UUID and nothing else. */
function assertId(id: string, door: string): string {
  if (!isGuid(id)) throw new Error(`${door} door: id is not a UUID`);
  return id.toLowerCase();
}

/** The one place that builds a door's setup: the statements to run, in order, right after BEGIN.
 * `identity` null is the platform door (no church, the platform role). */
export function setupStatements(mode: SessionSetup, identity: DoorIdentity): string[] {
  if (identity !== null && typeof identity === 'object') {
    const association = assertId(identity.associationId, 'Association');
    // Never propagated to Citus's workers, whatever the mode: the association's tables stay on the
    // coordinator (migration 0047), and its members' figures are read on the workers by functions the
    // platform owns, whose connections there are the platform's own (Citus would replay this whole
    // setup on them, and the platform may not act as the association).
    return [`select set_config('app.association_id', '${association}', true), set_config('role', '${ASSOCIATION_ROLE}', true)`];
  }
  const churchId = identity;
  const church = churchId === null ? '' : assertId(churchId, 'Tenant');
  const role = churchId === null ? PLATFORM_ROLE : TENANT_ROLE;
  return mode === 'set_local'
    ? [`set local citus.propagate_set_commands = 'local'`, `set local app.church_id = '${church}'`, `set local role ${role}`,
      // The platform door reads across churches and then may write churches (a reference table on
      // Citus), which Citus refuses after a read that went to many shards in parallel.
      ...(churchId === null ? [`set local citus.multi_shard_modify_mode = 'sequential'`] : [])]
    : [`select set_config('app.church_id', '${church}', true), set_config('role', '${role}', true)`];
}

/** The tenant door's setup as one simple-protocol string (the benchmarks replay it). */
export const tenantSetupSql = (churchId: string, mode: SessionSetup = 'set_config') =>
  setupStatements(mode, churchId).join('; ');

export const MIGRATIONS_FOLDER = new URL('../../migrations', import.meta.url).pathname;

/** Drizzle's record of the migrations it ran (its default schema and table). */
export const APPLIED_MIGRATION_SQL = sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`;

/** The folder time drizzle records of the newest migration this build carries (its journal's last entry). */
export function newestMigrationInFolder(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** The `created_at` of APPLIED_MIGRATION_SQL's row as a number (a bigint arrives as a string). */
export const appliedFrom = (rows: Array<{ created_at: unknown }>): number | null =>
  rows[0]?.created_at == null ? null : Number(rows[0].created_at);

/** Rows of `tx.execute(sql...)`: postgres.js answers an array, PGlite `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
