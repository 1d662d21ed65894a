import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
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

/**
 * pg_restore's options for an archive of this application: no ownership or tablespace from the
 * archive (the restoring owner owns everything), and none of the kinds of objects it never makes
 * (publications, subscriptions, security labels). The grants stay: they are the runtime roles'.
 */
const RESTORE_OPTIONS = ['--no-owner', '--no-tablespaces', '--no-publications', '--no-subscriptions', '--no-security-labels'];

/** The entries an archive of this application holds (pg_restore's "Type" of each), in its schemas. */
const ENTRY_TYPES = new Set([
  'SCHEMA', 'TABLE', 'TABLE DATA', 'TABLE ATTACH', 'SEQUENCE', 'SEQUENCE OWNED BY', 'SEQUENCE SET', 'DEFAULT', 'CONSTRAINT',
  'FK CONSTRAINT', 'CHECK CONSTRAINT', 'INDEX', 'INDEX ATTACH', 'FUNCTION', 'TRIGGER', 'POLICY', 'ROW SECURITY', 'ACL',
  'COMMENT', 'TYPE', 'VIEW',
]);
const SCHEMAS = new Set(['public', 'drizzle', 'pgboss']);
const ENTRY = /^-- (?:Data for )?Name: .*; Type: (.+); Schema: (.+); Owner: .*$/;
const IDENT = '(?:"[^"\n]+"|[a-z_][a-z0-9_$]*)';
const COPY_LINE = new RegExp(`^COPY (public|drizzle|pgboss)\\.${IDENT} \\(${IDENT}(?:, ${IDENT})*\\) FROM stdin;$`);
const GRANT_LINE = /^(?:GRANT|REVOKE) .+ ON .+ (?:TO|FROM) (\S+?)(?: WITH GRANT OPTION)?;$/;
const GRANTEES = new Set(['app_tenant', 'app_platform', 'app_association', 'PUBLIC']);
/** Statements that reach outside the database, or change who runs the rest: never in this
 * application's schema, so refused wherever they appear (a function's body too). */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/\bPROGRAM\b/i, 'runs a program'],
  [/\bCOPY\b/i, 'copies data other than a table\'s rows from the archive'],
  [/\b(?:lo_import|lo_export|lo_from_bytea|lo_put|pg_read_file|pg_read_binary_file|pg_ls_dir|pg_stat_file|pg_file_write|pg_reload_conf|pg_execute_server_program|pg_read_server_files|pg_write_server_files|dblink\w*)\b/i, 'reads or writes the server\'s files'],
  [/\bALTER\s+SYSTEM\b|\bLOAD\s+'/i, 'changes the server'],
  [/\b(?:SET|RESET)\s+(?:SESSION\s+AUTHORIZATION|ROLE)\b|\bSET\s+SESSION\s+ROLE\b/i, 'changes the role that runs it'],
  [/\b(?:CREATE|ALTER)\s+(?:OR\s+REPLACE\s+)?(?:ROLE|USER|GROUP|EXTENSION|LANGUAGE|EVENT\s+TRIGGER|SERVER|FOREIGN|SUBSCRIPTION|PUBLICATION|CAST|RULE|OPERATOR|AGGREGATE|PROCEDURE|ACCESS\s+METHOD|TRANSFORM|CONVERSION|DATABASE|TABLESPACE)\b/i, 'creates an object this application never makes'],
  [/\bLANGUAGE\s+['"]?(?:c|internal|plperlu?|plpython\w*|pltclu?|plsh|plv8|pljavau?)['"]?(?:[\s;]|$)/i, 'is a function in C or an untrusted language'],
  [/^\s*DO\s*(?:\$|'|LANGUAGE\b)|^\s*CALL\s/i, 'runs a code block'],
];

/**
 * A screen of a PostgreSQL dump before it is restored, over pg_restore's script of it (the same
 * text pg_restore would send, written with the same options and no database): every entry of a
 * kind this application makes, in its schemas; every COPY a table's rows from the archive; grants
 * to its roles only; nothing that runs a program, touches the server's files or changes the role.
 * It is a screen of what this application never writes, not a sandbox: a function's body runs as
 * whoever calls it, so an archive is as trusted as its signature (README, "Backups").
 */
export async function screenPostgresDump(dump: Readable, binDir: string): Promise<void> {
  const { stdout, done } = run(binDir, 'pg_restore', [...RESTORE_OPTIONS, '--file=-'], dump);
  let refusal: string | undefined;
  let inCopy = false;
  let number = 0;
  const refuse = (why: string, line: string) => {
    refusal ??= `The archive's database holds what this application never writes (${why}, script line ${number}: ${line.slice(0, 120)}): it was not made by db:backup. Nothing was restored.`;
  };
  const lines = createInterface({ input: stdout, crlfDelay: Infinity });
  for await (const line of lines) {
    number++;
    if (refusal) continue; // read to the end, so pg_restore is not left writing into a closed pipe
    if (inCopy) {
      if (line === '\\.') inCopy = false;
      continue;
    }
    const entry = ENTRY.exec(line);
    if (entry) {
      if (!ENTRY_TYPES.has(entry[1])) refuse(`an entry of type ${entry[1]}`, line);
      else if (entry[2] !== '-' && !SCHEMAS.has(entry[2])) refuse(`an entry in schema ${entry[2]}`, line);
      continue;
    }
    if (line.startsWith('--') || line === '') continue;
    if (line.startsWith('COPY ')) {
      if (COPY_LINE.test(line)) inCopy = true;
      else refuse('a COPY that is not a table\'s rows', line);
      continue;
    }
    // psql's meta-commands of the script form; pg_restore never sends them to a database.
    if (line.startsWith('\\')) {
      if (!/^\\(?:un)?restrict [A-Za-z0-9]+$/.test(line)) refuse('a psql command', line);
      continue;
    }
    if (/^CREATE SCHEMA /.test(line) && !new RegExp(`^CREATE SCHEMA (?:${[...SCHEMAS].join('|')});$`).test(line)) refuse('another schema', line);
    if (/^(?:GRANT|REVOKE) /.test(line)) {
      const grant = GRANT_LINE.exec(line);
      if (!grant || !GRANTEES.has(grant[1])) refuse('a grant to a role other than the application\'s', line);
      continue;
    }
    const forbidden = FORBIDDEN.find(([pattern]) => pattern.test(line));
    if (forbidden) refuse(`it ${forbidden[1]}`, line);
  }
  try {
    await done;
  } catch (error) {
    throw new BackupRefusal(`The archive's database cannot be read (${(error as Error).message}): it is damaged. Nothing was restored.`);
  }
  if (refusal) throw new BackupRefusal(refusal);
}

/** pg_restore into the (empty) database of `ownerUrl`, in one transaction: it all arrives or none does. */
export async function restorePostgres(dump: Readable, ownerUrl: string, binDir: string): Promise<void> {
  const { stdout, done } = run(binDir, 'pg_restore', [...RESTORE_OPTIONS, '--single-transaction', '--exit-on-error', `--dbname=${ownerUrl}`], dump);
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

/**
 * The functions the platform owns (migrations 0047, 0048): they read across churches for an
 * association or a church as app_platform, which bypasses row-level security. A restore makes the
 * restoring owner own everything (--no-owner), under whom FORCE row-level security would hide every
 * church's rows from them; so they are given back. tests/integration/associations.test.ts holds this
 * list equal to what the migrations make app_platform own.
 */
export const PLATFORM_OWNED_FUNCTIONS = [
  'association_church_totals', 'association_church_trend', 'association_find_church', 'association_member_churches',
  'church_association_memberships', 'church_circulars', 'platform_church_month_totals', 'platform_church_year_trend',
] as const;

export async function givePlatformItsFunctions(db: Database): Promise<void> {
  const functions = await db.ownerQuery<{ fn: string }>(sql`
    select p.oid::regprocedure::text as fn from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.proname in (${sql.join(PLATFORM_OWNED_FUNCTIONS.map((name) => sql`${name}`), sql`, `)})`);
  // Giving a function to a role needs that role's CREATE on the schema (a non-superuser owner): lent.
  await db.ownerQuery(sql`grant create on schema public to app_platform`);
  try {
    for (const { fn } of functions) await db.ownerQuery(sql.raw(`alter function ${fn} owner to app_platform`));
  } finally {
    await db.ownerQuery(sql`revoke create on schema public from app_platform`);
  }
}
