import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendance, studentConsents, students } from '../../drizzle/schema/index.js';
import { rowsOf } from '../../server/db/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createAssociation, officerEmail, signInOfficer } from '../helpers/associations.js';
import { signIn, type ChurchSession } from '../helpers/church-session.js';
import { api, createChurch, createClassWithStudents, type Json } from '../helpers/fixtures.js';

/**
 * What an association sees of its member churches (migration 0048_association_totals). The platform's
 * per-church figures: counted as the church's own reports count them (a class's marks of the children
 * enrolled in it), for the churches named and no other, callable by nobody but their owner,
 * app_platform. Through real HTTP, the association's totals, trend and CSV: its active members only
 * (not a church that left, a church never invited, another association's member), a church of 3
 * children shown as "fewer than 5" and left out of the sums, a section convener held to their
 * section, and no child's name or id in any answer.
 */

let app: TestApp;
let churchA: string;
let churchB: string;
let churchSmall: string;
let churchLeft: string;
let churchOutside: string;
let assocX: Awaited<ReturnType<typeof createAssociation>>;
let assocY: Awaited<ReturnType<typeof createAssociation>>;
let xAdmin: ChurchSession;
let xConvener: ChurchSession;
let yAdmin: ChurchSession;
let sectionId: string;
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

/** A church with a class of `children` children marked present on 5 July, made a member of the association. */
async function memberWithClass(association: ChurchSession, children: number, section: string | null = null) {
  const church = await createChurch(app.db, { roles: ['super_admin', 'teacher'] });
  const cls = await createClassWithStudents(app.db, church.church.id, { students: children, academicYear: YEAR });
  await mark(church.church.id, cls.class.id, cls.students.map((s) => s.id), { '2026-07-05': 'P'.repeat(children) });
  await join(association, church, section);
  return church;
}

/** The association invites the church; its super admin accepts. */
async function join(association: ChurchSession, church: { code: string }, section: string | null = null) {
  const invited = await association.post('/api/association/members', { church_code: church.code, section_id: section });
  expect(invited.status).toBe(201);
  const admin = await signIn(app.url, church.code, `superadmin@${church.code.toLowerCase()}.test`);
  expect((await admin.post(`/api/church-association/invitations/${invited.body.data.membership_id}/accept`)).status).toBe(200);
  return admin;
}

beforeAll(async () => {
  app = await startTestApp();
  assocX = await createAssociation(app.db, ['association_admin', 'section_convener', 'valuer']);
  assocY = await createAssociation(app.db, ['association_admin']);
  xAdmin = await signInOfficer(app.url, assocX.code, officerEmail('association_admin', assocX.code));
  yAdmin = await signInOfficer(app.url, assocY.code, officerEmail('association_admin', assocY.code));
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
  // Another church with marks in the same month, never named; a member of the other association.
  const b = await createChurch(app.db, { roles: ['super_admin', 'teacher'] });
  churchB = b.church.id;
  const bx = await createClassWithStudents(app.db, churchB, { students: 4, academicYear: YEAR });
  await mark(churchB, bx.class.id, bx.students.map((s) => s.id), { '2026-07-05': 'PPPP' });
  await join(yAdmin, b);

  // X: church A in a section (its convener's), a church of 3 children, one that joined and left, one never invited.
  sectionId = (await xAdmin.post('/api/association/sections', { name: 'Kottayam' })).body.data.id;
  await app.db.withPlatform((tx) => tx.execute(sql`update association_officers set section_id = ${sectionId}::uuid
    where association_id = ${assocX.association.id}::uuid and role = 'section_convener'`));
  xConvener = await signInOfficer(app.url, assocX.code, officerEmail('section_convener', assocX.code));
  await join(xAdmin, a, sectionId);
  churchSmall = (await memberWithClass(xAdmin, 3)).church.id;
  const left = await createChurch(app.db, { roles: ['super_admin', 'teacher'] });
  churchLeft = left.church.id;
  const lx = await createClassWithStudents(app.db, churchLeft, { students: 7, academicYear: YEAR });
  await mark(churchLeft, lx.class.id, lx.students.map((s) => s.id), { '2026-07-05': 'PPPPPPP' });
  const leftAdmin = await join(xAdmin, left);
  expect((await leftAdmin.post('/api/church-association/leave')).status).toBe(200);
  const outside = await createChurch(app.db, { roles: ['super_admin', 'teacher'] });
  churchOutside = outside.church.id;
  const ox = await createClassWithStudents(app.db, churchOutside, { students: 6, academicYear: YEAR });
  await mark(churchOutside, ox.class.id, ox.students.map((s) => s.id), { '2026-07-05': 'PPPPPP' });
}, 120_000);

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

describe('GET /api/association/totals, trend and totals.csv', () => {
  const query = `academic_year=${YEAR}&month=2026-07`;

  it('answers the active members\' figures per church, section and association, a church of 3 children as fewer than 5', async () => {
    const res = await xAdmin.get(`/api/association/totals?${query}`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.churches.map((c: Json) => c.church_id).sort()).toEqual([churchA, churchSmall].sort());
    expect(data.churches.find((c: Json) => c.church_id === churchA)).toMatchObject({
      section_id: sectionId, section_name: 'Kottayam', churches: 1, classes: 2, teachers: 1, sundays_recorded: 4, enrolled: 8,
      consent_percentage: 50, attendance_percentage: 71.4, fewer_than_five: false, attendance_fewer_than_five: false,
    });
    expect(data.churches.find((c: Json) => c.church_id === churchSmall)).toMatchObject({
      section_id: null, classes: 1, sundays_recorded: 1, enrolled: null, consent_percentage: null, attendance_percentage: null,
      fewer_than_five: true, attendance_fewer_than_five: true,
    });
    expect(data.sections).toEqual(expect.arrayContaining([
      expect.objectContaining({ section_id: sectionId, churches: 1, enrolled: 8, attendance_percentage: 71.4, churches_left_out: 0 }),
      expect.objectContaining({ section_id: null, churches: 1, enrolled: 0, attendance_percentage: null, churches_left_out: 1 }),
    ]));
    // The small church's children are not in the association's sums: its 3 would be the difference.
    expect(data.association).toMatchObject({ section_id: null, section_name: null, churches: 2, classes: 3, enrolled: 8, consent_percentage: 50, attendance_percentage: 71.4, churches_left_out: 1 });
  });

  it('shows another association only its own member, and a section convener only their section', async () => {
    const other = (await yAdmin.get(`/api/association/totals?${query}`)).body.data;
    expect(other.churches.map((c: Json) => c.church_id)).toEqual([churchB]);
    expect(other.association).toMatchObject({ churches: 1, enrolled: 0, churches_left_out: 1 });
    const convener = (await xConvener.get(`/api/association/totals?${query}`)).body.data;
    expect(convener.churches.map((c: Json) => c.church_id)).toEqual([churchA]);
    expect(convener.sections.map((s: Json) => s.section_id)).toEqual([sectionId]);
    expect(convener.association).toBeNull();
  });

  it('gives the trend of the year per church, section and association', async () => {
    const res = await xAdmin.get(`/api/association/trend?academic_year=${YEAR}`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.churches.filter((c: Json) => c.church_id === churchA).map((c: Json) => [c.month, c.attendance_percentage, c.sundays_recorded]))
      .toEqual([['2026-07', 71.4, 4], ['2026-08', 60, 1]]);
    expect(data.churches.filter((c: Json) => c.church_id === churchSmall).map((c: Json) => [c.month, c.attendance_percentage, c.fewer_than_five]))
      .toEqual([['2026-07', null, true]]);
    expect(data.churches.map((c: Json) => c.church_id).filter((id: string) => ![churchA, churchSmall].includes(id))).toEqual([]);
    expect(data.association.map((m: Json) => [m.month, m.section_name, m.attendance_percentage, m.churches_left_out]))
      .toEqual([['2026-07', null, 71.4, 1], ['2026-08', null, 60, 0]]);
  });

  it('downloads the figures as CSV, a withheld figure written "fewer than 5"', async () => {
    const res = await fetch(`${app.url}/api/association/totals.csv?${query}`, { headers: xAdmin.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Level,Section,Church,Churches,Classes,Active teachers,Sundays recorded,Enrolled children,Consent coverage %,Attendance %,Churches left out (fewer than 5)');
    expect(lines[1]).toBe('association,,,2,3,2,,8,50.0,71.4,1');
    expect(lines.filter((l) => l.startsWith('church,'))).toHaveLength(2);
    expect(lines.find((l) => l.startsWith('church,') && !l.includes('Kottayam'))).toMatch(/,1,1,1,fewer than 5,fewer than 5,fewer than 5,$/);
  });

  it('names no child and carries no child\'s id in any answer', async () => {
    const children = await app.db.withPlatform(async (tx) => rowsOf<{ id: string; name: string }>(await tx.execute(sql`
      select id, name from students where church_id in (${churchA}::uuid, ${churchSmall}::uuid, ${churchB}::uuid)`)));
    expect(children.length).toBeGreaterThan(10);
    const answers = [
      JSON.stringify((await xAdmin.get(`/api/association/totals?${query}`)).body),
      JSON.stringify((await xAdmin.get(`/api/association/trend?academic_year=${YEAR}`)).body),
      JSON.stringify((await yAdmin.get(`/api/association/totals?${query}`)).body),
      await (await fetch(`${app.url}/api/association/totals.csv?${query}`, { headers: xAdmin.headers })).text(),
    ].join('\n');
    for (const child of children) {
      expect(answers).not.toContain(child.id);
      expect(answers).not.toContain(child.name);
    }
    expect(answers).not.toContain(churchLeft);
    expect(answers).not.toContain(churchOutside);
  });

  it('refuses bad input with a 400, a valuer with a 403 and a church user with a 401', async () => {
    for (const bad of ['academic_year=2026-2027&month=2026-13', 'academic_year=2026-2028&month=2026-07', 'month=2026-07', `academic_year=${YEAR}`]) {
      const res = await xAdmin.get(`/api/association/totals?${bad}`);
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const valuer = await signInOfficer(app.url, assocX.code, officerEmail('valuer', assocX.code));
    expect((await valuer.get(`/api/association/totals?${query}`)).status).toBe(403);
    const church = await createChurch(app.db, { roles: ['super_admin'] });
    const churchUser = await signIn(app.url, church.code, `superadmin@${church.code.toLowerCase()}.test`);
    expect((await churchUser.get(`/api/association/totals?${query}`)).status).toBe(401);
    expect((await api(app.url, 'GET', `/api/association/totals?${query}`)).status).toBe(401);
  });
});
