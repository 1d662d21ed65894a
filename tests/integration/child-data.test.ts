import { randomUUID } from 'node:crypto';
import { eq, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_DATA } from '../../server/child-data.js';
import type { Database } from '../../server/db/index.js';
import { academicYearRollovers } from '../../drizzle/schema/index.js';
import { openTestDatabase } from '../helpers/app.js';
import { createChurch } from '../helpers/fixtures.js';

/**
 * A child's data in one list (server/child-data.ts), checked against the migrated database's catalog:
 * a table with a `student_id` column that no module's part names fails here, until its module says
 * what a child's erasure does to its rows (even "kept", and why) and what the family's export takes
 * from them. So neither the erasure nor the export can forget a new table of a child's rows.
 */

let db: Database;

beforeAll(async () => { db = await openTestDatabase(); });
afterAll(async () => { await db?.close(); });

/** Every table the list names, with its owner. */
const listed = CHILD_DATA.flatMap((part) => part.tables.map((table) => ({ owner: part.owner, name: getTableName(table.table) })));

/** The base tables of the public schema; with `column`, those that have a column of that name. */
async function baseTables(column?: string): Promise<string[]> {
  const rows = await db.ownerQuery<{ table_name: string }>(column === undefined
    ? sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`
    : sql`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.column_name = ${column} order by 1`);
  return rows.map((row) => row.table_name);
}

describe('the list of a child\'s data', () => {
  it('names every table that has a student_id column', async () => {
    const withStudentId = await baseTables('student_id');
    // The catalog query finds them (on PostgreSQL and PGlite alike).
    expect(withStudentId).toEqual(expect.arrayContaining(['attendance', 'student_guardians', 'child_data_reads']));
    const names = new Set(listed.map((table) => table.name));
    expect(withStudentId.filter((name) => !names.has(name)), 'tables of a child\'s rows that no module\'s part of server/child-data.ts names')
      .toEqual([]);
  });

  it('names every table that keeps children\'s ids in an array column (`…student_ids`)', async () => {
    const rows = await db.ownerQuery<{ table_name: string }>(sql`
      select distinct c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.column_name like '%student_ids' order by 1`);
    const withIds = rows.map((row) => row.table_name);
    expect(withIds).toContain('academic_year_rollovers');
    const names = new Set(listed.map((table) => table.name));
    expect(withIds.filter((name) => !names.has(name))).toEqual([]);
  });

  it('takes an erased child out of the children a rollover marked as leaving, and no one else', async () => {
    const { church } = await createChurch(db);
    const [erased, kept] = [randomUUID(), randomUUID()];
    const rolloverPart = CHILD_DATA.find((part) => part.owner === 'rollover')!;
    const left = await db.withTenant(church.id, async (tx) => {
      await tx.insert(academicYearRollovers).values({
        churchId: church.id, fromYear: '2025-2026', toYear: '2026-2027', leftStudentIds: [erased, kept], summary: {}, createdBy: randomUUID(),
      });
      await rolloverPart.erase!(tx, { churchId: church.id, studentId: erased });
      return tx.select({ ids: academicYearRollovers.leftStudentIds }).from(academicYearRollovers)
        .where(eq(academicYearRollovers.churchId, church.id));
    });
    expect(left).toEqual([{ ids: [kept] }]);
  });

  it('names tables of the database only, each by one owner', async () => {
    const tables = new Set(await baseTables());
    expect(listed.filter((table) => !tables.has(table.name))).toEqual([]);
    expect(listed.filter((table, i) => listed.findIndex((other) => other.name === table.name) !== i)).toEqual([]);
  });

  it('starts with the child\'s own row, which an erasure, going through the list backwards, deletes last', () => {
    expect(CHILD_DATA[0].owner).toBe('students');
    expect(CHILD_DATA[0].tables.map((table) => getTableName(table.table))).toContain('students');
    expect(CHILD_DATA.slice(1).flatMap((part) => part.tables.map((table) => getTableName(table.table)))).not.toContain('students');
  });
});
