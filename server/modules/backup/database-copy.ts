import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { BackupRefusal } from './archive.js';

/**
 * Sessions and one-time credentials are not restored: a restore brings the data back as it was at
 * the backup, and a session a user ended since (signed out, a lost phone, a password changed after
 * a break-in, which ends every session) must not come back with it, nor a reset link already used.
 * Only their SHA-256 hashes are stored, so their rows would not let an archive's reader in; it is
 * the revival that is refused. PostgreSQL archives leave their rows out (pg_dump
 * --exclude-table-data); the embedded archive is a copy of the data folder, so there the restore
 * empties them before the database is first opened to anyone. Everyone signs in again after a restore.
 */
export const NOT_RESTORED_TABLES = ['user_sessions', 'password_reset_tokens', 'operator_sessions', 'operator_sign_in_challenges'] as const;

/** TRUNCATE, not DELETE: row-level security (FORCE) would hide every church's rows from the owner. */
export async function emptyNotRestoredTables(db: Database): Promise<void> {
  await db.ownerQuery(sql.raw(`truncate ${NOT_RESTORED_TABLES.join(', ')}`));
}

/** A program of PG_BIN_DIR (or of the PATH), its stdout a stream; `done` fails with its stderr on a non-zero exit. */
function run(binDir: string, program: string, args: string[], stdin?: Readable) {
  const child = spawn(binDir ? path.join(binDir, program) : program, args, { stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { stderr = (stderr + chunk).slice(-4000); });
  const fed = stdin && child.stdin ? pipeline(stdin, child.stdin) : Promise.resolve();
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`${program} could not be started (${error.message}); set PG_BIN_DIR to the folder of the PostgreSQL client programs`)));
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} exited with ${code}: ${stderr.trim()}`))));
  });
  return { stdout: child.stdout!, done: Promise.all([fed, exited]).then(() => {}) };
}

/** pg_dump's custom format of the whole database, without the rows of NOT_RESTORED_TABLES. Needs an
 * owner that bypasses row-level security (a superuser or BYPASSRLS): every church table is FORCE. */
export function dumpPostgres(ownerUrl: string, binDir: string) {
  return run(binDir, 'pg_dump', [
    '--format=custom', '--no-owner', `--dbname=${ownerUrl}`,
    ...NOT_RESTORED_TABLES.map((table) => `--exclude-table-data=public.${table}`),
  ]);
}

/** pg_restore into the (empty) database of `ownerUrl`, in one transaction: it all arrives or none does. */
export async function restorePostgres(dump: Readable, ownerUrl: string, binDir: string): Promise<void> {
  const { stdout, done } = run(binDir, 'pg_restore', ['--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${ownerUrl}`], dump);
  stdout.resume();
  await done;
}

/** Tables, views and sequences outside PostgreSQL's own schemas: none in an empty database. */
export async function userRelationCount(db: Database): Promise<number> {
  const [row] = await db.ownerQuery<{ count: number }>(sql`
    select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'v', 'S', 'p', 'm') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\_%'`);
  return row.count;
}

/** --force on PostgreSQL: the schemas the migrations make, dropped with everything in them. */
export async function clearPostgres(db: Database): Promise<void> {
  if (db.kind !== 'postgres') throw new BackupRefusal('Only a PostgreSQL target is cleared in place.');
  await db.ownerQuery(sql`drop schema if exists public, drizzle, pgboss cascade`);
  await db.ownerQuery(sql`create schema public`);
}
