import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendance, studentConsents, students } from '../../drizzle/schema/index.js';
import { rowsOf } from '../../server/db/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createChurch, createClassWithStudents } from '../helpers/fixtures.js';

/**
 * The platform's per-church figures an association's functions read (migration association_totals):
 * counted as the church's own reports count them (a class's marks of the children enrolled in it), for
 * the churches named and no other, and callable by nobody but their owner, app_platform.
 */

let app: TestApp;
let churchA: string;
let churchB: string;
const YEAR = '2026-2027';

type Totals = { church_id: string; classes: number; teachers: number; enrolled: number; consented: number;
  sundays_recorded: number; marked_children: number; marks: number; present: number };
type Trend = { church_id: string; month: string; sundays_recorded: number; marked_children: number; marks: number; present: number };

const totals = (ids: string[], month: string) => app.db.withPlatform(async (tx) => rowsOf<Totals>(await tx.execute(sql`
  select * from platform_church_month_totals(${`{${ids.join(',')}}`}::uuid[], ${YEAR}, ${month}::date) order by church_id`)));
const trend = (ids: string[]) => app.db.withPlatform(async (tx) => rowsOf<Trend>(await tx.execute(sql`
  select church_id, to_char(month, 'YYYY-MM') as month, sundays_recorded, marked_children, marks, present
  from platform_church_year_trend(${`{${ids.join(',')}}`}::uuid[], ${YEAR}) order by church_id, month`)));

/** Marks of a class: per date, one letter per child (P present, A absent). */
async function mark(churchId: string, classId: string, children: string[], byDate: Record<string, string>) {
  await app.db.withTenant(churchId, (tx) => tx.insert(attendance).values(Object.entries(byDate).flatMap(([date, statuses]) =>
    children.map((studentId, i) => ({ churchId, studentId, classId, date, status: statuses[i] === 'P' ? 'present' : 'absent' })))));
}

beforeAll(async () => {
  app = await startTestApp();
  const a = await createChurch(app.db, { roles: ['super_admin', 'principal', 'teacher'] });
  churchA = a.church.id;
  // X: six children, three Sundays of July and one of August. Y: three children, a Sunday and a Wednesday.
  const x = await createClassWithStudents(app.db, churchA, { students: 6, className: '3rd', academicYear: YEAR });
  const y = await createClassWithStudents(app.db, churchA, { students: 3, className: '4th', academicYear: YEAR });
  const xs = x.students.map((s) => s.id);
  const ys = y.students.map((s) => s.id);
  await mark(churchA, x.class.id, xs, { '2026-07-05': 'PPPPAP', '2026-07-12': 'PPAAPP', '2026-07-19': 'PPPPPA', '2026-08-02': 'PAPAPA' });
  await mark(churchA, y.class.id, ys, { '2026-07-05': 'PPA', '2026-07-08': 'PAA' });
  await app.db.withTenant(churchA, async (tx) => {
    // The sixth child of X moved to Y: their marks left in X count in neither class (the reports' rule).
    await tx.update(students).set({ classId: y.class.id, rollNumber: 4 }).where(and(eq(students.churchId, churchA), eq(students.id, xs[5])));
    // The third child of Y moved away: off the roll call, so not enrolled now; their marks still count.
    await tx.update(students).set({ active: false }).where(and(eq(students.churchId, churchA), eq(students.id, ys[2])));
    const answer = (studentId: string, given: boolean, recordedAt: string) => ({
      churchId: churchA, studentId, purpose: 'enrolment', given, guardianName: 'Parent', guardianRelation: 'parent',
      method: 'paper_form', recordedByName: 'Test', recordedAt: new Date(recordedAt),
    });
    // Consent in force: X's first three and Y's first; X's fourth gave it and withdrew it; a photos answer is no enrolment answer.
    await tx.insert(studentConsents).values([
      answer(xs[0], true, '2026-06-01'), answer(xs[1], true, '2026-06-01'), answer(xs[2], true, '2026-06-01'), answer(ys[0], true, '2026-06-01'),
      answer(xs[3], true, '2026-06-01'), answer(xs[3], false, '2026-06-15'),
      { ...answer(xs[4], true, '2026-06-01'), purpose: 'photos' },
    ]);
  });
  // Another church with marks in the same month, never named.
  const b = await createChurch(app.db, { roles: ['super_admin', 'teacher'] });
  churchB = b.church.id;
  const bx = await createClassWithStudents(app.db, churchB, { students: 4, academicYear: YEAR });
  await mark(churchB, bx.class.id, bx.students.map((s) => s.id), { '2026-07-05': 'PPPP' });
});

afterAll(async () => {
  await app?.close();
});

describe('platform_church_month_totals', () => {
  it('counts a church\'s month as its reports do, for the churches named only', async () => {
    expect(await totals([churchA], '2026-07-14')).toEqual([{
      church_id: churchA, classes: 2, teachers: 1,
      enrolled: 8, // X's five left, Y's two still active, the child who moved in
      consented: 4, // X's first three and Y's first (X's fourth withdrew; X's fifth answered for photos only)
      sundays_recorded: 4, // 5, 8, 12 and 19 July
      marked_children: 8, // X's five with marks in X, Y's three (the one who moved away included)
      marks: 21, // X: 5 children x 3 Sundays; Y: 3 children x 2 days
      present: 15, // X: 4 + 3 + 5; Y: 2 + 1
    }]);
    const both = await totals([churchA, churchB], '2026-07-01');
    expect(both.map((r) => r.church_id).sort()).toEqual([churchA, churchB].sort());
    expect(both.find((r) => r.church_id === churchB)).toMatchObject({ marks: 4, present: 4, marked_children: 4, enrolled: 4, sundays_recorded: 1 });
  });

  it('answers nothing for a church not named, and no marks for a month without any', async () => {
    expect((await totals([churchB], '2026-07-01')).map((r) => r.church_id)).toEqual([churchB]);
    expect(await totals([churchA], '2026-09-01')).toEqual([expect.objectContaining({ church_id: churchA, marks: 0, sundays_recorded: 0, marked_children: 0 })]);
  });
});

describe('platform_church_year_trend', () => {
  it('gives each month of the academic year with marks', async () => {
    expect(await trend([churchA])).toEqual([
      { church_id: churchA, month: '2026-07', sundays_recorded: 4, marked_children: 8, marks: 21, present: 15 },
      { church_id: churchA, month: '2026-08', sundays_recorded: 1, marked_children: 5, marks: 5, present: 3 },
    ]);
  });
});

describe('who may call them', () => {
  it('belong to app_platform, run as it, and are executable by no other role', async () => {
    const rows = await app.db.withPlatform(async (tx) => rowsOf<{ name: string; owner: string; definer: boolean; tenant: boolean; anyone: boolean }>(
      await tx.execute(sql`select p.proname as name, pg_get_userbyid(p.proowner) as owner, p.prosecdef as definer,
          has_function_privilege('app_tenant', p.oid, 'execute') as tenant,
          exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) x where x.grantee = 0) as anyone
        from pg_proc p where p.proname in ('platform_church_month_totals', 'platform_church_year_trend') order by 1`)));
    expect(rows).toEqual([
      { name: 'platform_church_month_totals', owner: 'app_platform', definer: true, tenant: false, anyone: false },
      { name: 'platform_church_year_trend', owner: 'app_platform', definer: true, tenant: false, anyone: false },
    ]);
  });

  it('refuses a church\'s tenant transaction', async () => {
    const failure = await app.db.withTenant(churchA, (tx) => tx.execute(sql`
      select * from platform_church_month_totals(${`{${churchA}}`}::uuid[], ${YEAR}, '2026-07-01'::date)`)).then(() => null, (err: Error) => err);
    expect(`${failure?.message} ${String(failure?.cause)}`).toMatch(/permission denied for function platform_church_month_totals/);
  });
});
