import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite';
import { migrate as pgliteMigrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as postgresDrizzle } from 'drizzle-orm/postgres-js';
import { migrate as postgresMigrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { sql, type SQL } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../../server/db/database.js';
import { backend } from '../helpers/app.js';

/**
 * Migration 0020 moves each student's parent phone and email into a primary guardian and drops the
 * student columns: a database migrated up to 0019 is filled with students as the old model stored
 * them (E.164, spaced, local and not-a-phone numbers, with and without an email), then migrated to
 * the end; every phone and email must be found, as written, on the student's one guardian.
 */
const BEFORE = 19;

/** The migrations folder as it was up to `last` (its journal cut there), in a temporary folder. */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ss-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const OLD_STUDENTS = [
  { name: 'Anna', phone: '+919847012345', email: 'anna.parent@example.org' },
  { name: 'Ben', phone: '+91 98470 12346', email: null },
  { name: 'Cara', phone: '0484-2222222', email: 'CARA@Example.org' },
  { name: 'Dev', phone: '1234567', email: null }, // not a valid number anywhere: kept as written
  { name: 'Esha', phone: '+1 415 555 2671', email: 'esha@example.org' },
];

interface Runner { run<R>(query: SQL): Promise<R[]> }

/** Reads and writes as the platform role (BYPASSRLS), as the server's doors would: the owner itself
 * is subject to the forced row-level security of church tables. */
async function asPlatform<T>(db: Runner, fn: () => Promise<T>): Promise<T> {
  await db.run(sql`set role app_platform`);
  try {
    return await fn();
  } finally {
    await db.run(sql`reset role`);
  }
}

const fillOldModel = (db: Runner) => asPlatform(db, () => fillRows(db));

async function fillRows(db: Runner) {
  const [church] = await db.run<{ id: string }>(sql`insert into churches (code, name, subscription_tier, subscription_status)
    values (${randomBytes(3).toString('hex').toUpperCase()}, 'Migration church', 'premium', 'active') returning id`);
  const [cls] = await db.run<{ id: string }>(sql`insert into classes (church_id, class_name, academic_year)
    values (${church.id}, '3rd', '2025-2026') returning id`);
  for (const [i, s] of OLD_STUDENTS.entries()) {
    await db.run(sql`insert into students (church_id, class_id, name, parent_phone, parent_email, date_of_birth, roll_number, academic_year)
      values (${church.id}, ${cls.id}, ${s.name}, ${s.phone}, ${s.email}, '2016-01-01', ${i + 1}, '2025-2026')`);
  }
  return church.id;
}

async function expectMovedWithoutLoss(db: Runner, churchId: string) {
  const rows = await asPlatform(db, () => db.run<{ name: string; phone: string; email: string | null; guardians: number; position: number; gname: string; relation: string }>(sql`
    select s.name, g.phone, g.email, g.position, g.name as gname, g.relation,
      (select count(*)::int from student_guardians x where x.church_id = s.church_id and x.student_id = s.id) as guardians
    from students s join student_guardians g on g.church_id = s.church_id and g.student_id = s.id
    where s.church_id = ${churchId} order by s.roll_number`));
  expect(rows.map((r) => ({ name: r.name, phone: r.phone, email: r.email }))).toEqual(OLD_STUDENTS);
  for (const row of rows) expect(row).toMatchObject({ guardians: 1, position: 1, gname: 'Parent', relation: 'parent' });
  const columns = await db.run<{ column_name: string }>(sql`select column_name from information_schema.columns
    where table_name = 'students' and column_name in ('parent_phone', 'parent_email', 'search_text')`);
  expect(columns).toEqual([]);
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => { for (const cleanup of cleanups.reverse()) await cleanup(); });

describe('migration 0020: parent phone and email into the guardians model', () => {
  it.runIf(backend === 'pglite')('keeps every phone and email of the students made before it (PGlite)', async () => {
    const old = migrationsUpTo(BEFORE);
    cleanups.push(() => rmSync(old, { recursive: true, force: true }));
    const client = new PGlite();
    cleanups.push(() => client.close());
    const db = pgliteDrizzle(client);
    await pgliteMigrate(db, { migrationsFolder: old });
    const runner: Runner = { run: async <R>(query: SQL) => (await db.execute(query)).rows as R[] };
    const churchId = await fillOldModel(runner);
    await pgliteMigrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await expectMovedWithoutLoss(runner, churchId);
  });

  // Run by an owner that is not a superuser, as in production: row-level security is forced on
  // students, so a copy that did not lift it would read no rows and the columns would go with the data.
  it.runIf(backend === 'postgres')('keeps every phone and email of the students made before it, migrated by an owner that is not a superuser (PostgreSQL)', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    const suffix = randomBytes(4).toString('hex');
    const name = `ss_guardians_migration_${suffix}`;
    const owner = `ss_guardians_migration_owner_${suffix}`;
    const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
    cleanups.push(() => admin.end());
    await admin.unsafe(`create role ${owner} login nosuperuser nobypassrls`);
    cleanups.push(async () => { await admin.unsafe(`drop role if exists ${owner}`); });
    // Migrations 0000 and 0047 grant the runtime roles to the migrating user, which it may do with the
    // admin option (the roles are the cluster's: made by an earlier migration or here).
    await admin.unsafe(`do $$ begin if not exists (select 1 from pg_roles where rolname = 'app_association') then
      create role app_association nologin nosuperuser nobypassrls noinherit; end if; end $$`);
    await admin.unsafe(`grant app_tenant, app_platform, app_association to ${owner} with admin option`);
    await admin.unsafe(`create database ${name} owner ${owner}`);
    cleanups.push(async () => { await admin.unsafe(`drop database if exists ${name} with (force)`); });
    url.pathname = `/${name}`;
    url.username = owner;
    url.password = '';
    const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
    cleanups.push(() => client.end());
    const db = postgresDrizzle(client);
    const old = migrationsUpTo(BEFORE);
    cleanups.push(() => rmSync(old, { recursive: true, force: true }));
    await postgresMigrate(db, { migrationsFolder: old });
    const runner: Runner = { run: async <R>(query: SQL) => (await db.execute(query)) as unknown as R[] };
    const churchId = await fillOldModel(runner);
    await postgresMigrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await expectMovedWithoutLoss(runner, churchId);
  });
});
