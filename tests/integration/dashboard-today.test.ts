import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attendance, churches, users } from '../../drizzle/schema/index.js';
import { academicYearOf } from '../../common/academic-year.js';
import { addDays, todayIn } from '../../common/dates.js';
import { classDayAfter, classDayOnOrBefore, isoWeekday } from '../../common/follow-up.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createClassWithStudents, TEST_PASSWORD, type Json } from '../helpers/fixtures.js';
import { churchWithSessions, signIn, type ChurchSession, type ChurchWithSessions } from '../helpers/church-session.js';

// GET /api/dashboard/today (tRPC dashboard.today), the Sunday at a glance, through real HTTP. The
// church of most tests meets every day of the week, so "today" is a class day whatever weekday the
// suite runs on; the other church meets only on the weekday after today, so today is not one.

let app: TestApp;
let c: ChurchWithSessions;
let other: ChurchWithSessions;
let teacher2: ChurchSession;

const today = todayIn('Asia/Kolkata');
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const TOMORROW_ONLY = [isoWeekday(addDays(today, 1))];

interface Kid { id: string; name: string }
let classA: { id: string; section: string }; // the church's teacher's, 3 children
let classB: { id: string; section: string }; // teacher2's (no phone), 2 children
let classC: { id: string; section: string }; // no teacher, 1 child
let a: Kid[];
let b: Kid[];
let otherClass: { id: string };
let otherKids: Kid[];

const glance = async (session: ChurchSession) => {
  const res = await session.get('/api/dashboard/today');
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
};
const rowOf = (data: Json, classId: string) => data.classes.find((row: Json) => row.class_id === classId);

/** Marks written straight into the table (a roll call of an earlier date, or of another church). */
async function marks(churchId: string, classId: string, date: string, rows: Array<[Kid, 'present' | 'absent']>) {
  await app.db.withTenant(churchId, (tx) => tx.insert(attendance).values(rows.map(([kid, status]) => ({
    churchId, studentId: kid.id, date, classId, status,
  }))));
}

beforeAll(async () => {
  app = await startTestApp();
  [c, other] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
  const [second] = await app.db.withTenant(c.church.id, (tx) => tx.insert(users).values({
    churchId: c.church.id, role: 'teacher', name: 'Second Teacher', email: `teacher2@${c.code.toLowerCase()}.test`,
    passwordHash: c.users.teacher.passwordHash,
  }).returning());
  teacher2 = await signIn(app.url, c.code, second.email, TEST_PASSWORD);
  const A = await createClassWithStudents(app.db, c.church.id, { teacherId: c.users.teacher.id, names: ['a1', 'a2', 'a3'] });
  const B = await createClassWithStudents(app.db, c.church.id, { className: '5th', teacherId: second.id, names: ['b1', 'b2'] });
  const C = await createClassWithStudents(app.db, c.church.id, { className: '7th', section: '', names: ['c1'] });
  // A class of last academic year, the teacher's too: not on today's dashboard.
  const lastYear = academicYearOf(addDays(today, -366), 6);
  await createClassWithStudents(app.db, c.church.id, { teacherId: c.users.teacher.id, names: ['old1'], academicYear: lastYear });
  [classA, classB, classC, a, b] = [A.class, B.class, C.class, A.students, B.students];
  const O = await createClassWithStudents(app.db, other.church.id, { teacherId: other.users.teacher.id, names: ['o1', 'o2', 'o3', 'o4'] });
  [otherClass, otherKids] = [O.class, O.students];
  await app.db.withTenant(c.church.id, async (tx) => {
    await tx.update(churches).set({ classDays: EVERY_DAY }).where(eq(churches.id, c.church.id));
    await tx.update(users).set({ phone: '98470 12345' }).where(eq(users.id, c.users.teacher.id));
  });
  await app.db.withTenant(other.church.id, (tx) => tx.update(churches).set({ classDays: TOMORROW_ONLY }).where(eq(churches.id, other.church.id)));
});
afterAll(async () => { await app?.close(); });

describe('the day at a glance', () => {
  it('before any roll call: a teacher gets only their own classes of the year, a principal every class, none marked', async () => {
    const mine = await glance(c.s.teacher);
    expect(mine).toMatchObject({ today, day: today, is_class_day: true, next_class_day: addDays(today, 1), sees_all_classes: false, consent_gaps: null });
    expect(mine.classes).toEqual([{
      class_id: classA.id, class_name: '3rd', class_section: classA.section, teacher_id: c.users.teacher.id, teacher_name: c.users.teacher.name,
      teacher_absent: false, substitute_name: null, children: 3, marked: false, marked_count: 0, present: 0, marked_at: null, follow_up: 0, nudge_url: null,
    }]);
    expect((await glance(teacher2)).classes.map((row: Json) => row.class_id)).toEqual([classB.id]);

    const all = await glance(c.s.principal);
    expect(all.sees_all_classes).toBe(true);
    // School order: 3rd, 5th, 7th.
    expect(all.classes.map((row: Json) => [row.class_id, row.teacher_name, row.children, row.marked])).toEqual([
      [classA.id, c.users.teacher.name, 3, false], [classB.id, 'Second Teacher', 2, false], [classC.id, null, 1, false],
    ]);
    expect((await glance(c.s.super_admin)).classes).toHaveLength(3);
  });

  it('a class not marked yet carries a WhatsApp nudge to its teacher (a teacher with a phone), in the reader\'s language', async () => {
    const all = await glance(c.s.principal);
    expect(rowOf(all, classA.id).nudge_url).toBe(`https://wa.me/919847012345?text=${encodeURIComponent(`Please mark attendance for 3rd ${classA.section} today.`)}`);
    expect(rowOf(all, classB.id).nudge_url).toBeNull(); // no phone
    expect(rowOf(all, classC.id).nudge_url).toBeNull(); // no teacher
    await app.db.withTenant(c.church.id, (tx) => tx.update(users).set({ language: 'ml' }).where(eq(users.id, c.users.super_admin.id)));
    const inMalayalam = rowOf(await glance(c.s.super_admin), classA.id).nudge_url as string;
    expect(decodeURIComponent(inMalayalam.split('?text=')[1])).toBe(`ദയവായി ഇന്ന് 3rd ${classA.section} ക്ലാസിന്റെ ഹാജർ രേഖപ്പെടുത്തുക.`);
  });

  it('after a roll call: marked, present of the marks; the nudge goes; the tRPC answer is the REST one', async () => {
    const res = await c.s.teacher.post('/api/attendance/mark', {
      classId: classA.id, date: today, attendanceData: [{ studentId: a[0].id, status: 'present' }, { studentId: a[1].id, status: 'present' }, { studentId: a[2].id, status: 'absent' }],
    });
    expect(res.status, res.body.message).toBe(200);
    const all = await glance(c.s.principal);
    expect(rowOf(all, classA.id)).toMatchObject({ marked: true, marked_count: 3, present: 2, nudge_url: null });
    expect(Date.parse(rowOf(all, classA.id).marked_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(rowOf(all, classB.id)).toMatchObject({ marked: false, marked_count: 0, present: 0 });
    expect((await glance(c.s.teacher)).classes[0]).toMatchObject({ marked: true, marked_count: 3, present: 2 });
    // Class B: everyone absent.
    await marks(c.church.id, classB.id, today, [[b[0], 'absent'], [b[1], 'absent']]);
    expect(rowOf(await glance(c.s.principal), classB.id)).toMatchObject({ marked: true, marked_count: 2, present: 0, nudge_url: null });

    const viaTrpc = await c.s.principal.query('dashboard.today');
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body.result.data).toEqual(await glance(c.s.principal));
  });

  it('the week\'s follow-up is the follow-up list\'s count (the teacher\'s own classes for a teacher), per class too', async () => {
    // b1 and b2 were absent today; one more absent roll call before makes two in a row.
    await marks(c.church.id, classB.id, addDays(today, -1), [[b[0], 'absent'], [b[1], 'absent']]);
    const all = await glance(c.s.principal);
    const summary = (await c.s.principal.get('/api/follow-up/summary')).body.data;
    expect(all.follow_up).toEqual({ count: 2, contacted_this_week: 0, week: summary.week });
    expect(summary.follow_up).toBe(2);
    expect(rowOf(all, classB.id).follow_up).toBe(2);
    expect((await glance(c.s.teacher)).follow_up.count).toBe(0);
    expect((await glance(teacher2)).follow_up.count).toBe(2);
  });

  it('consent gaps: children of the year without enrolment consent, for principals and super admins only', async () => {
    expect((await glance(c.s.principal)).consent_gaps).toEqual({ missing_enrolment_consent: 6, children: 6 });
    const guardian = (await c.s.principal.get(`/api/students/${a[0].id}/guardians`)).body.data[0];
    const rec = await c.s.teacher.post(`/api/students/${a[0].id}/consents`, { guardian_id: guardian.id, method: 'paper_form', answers: { enrolment: true } });
    expect(rec.status, rec.body.message).toBe(201);
    expect((await glance(c.s.principal)).consent_gaps).toEqual({ missing_enrolment_consent: 5, children: 6 });
    expect((await glance(c.s.teacher)).consent_gaps).toBeNull();
  });

  it('two churches: each sees its own classes and marks only', async () => {
    const theirs = await glance(other.s.principal);
    expect(theirs.classes.map((row: Json) => row.class_id)).toEqual([otherClass.id]);
    expect(theirs.follow_up.count).toBe(0);
    expect(theirs.consent_gaps).toEqual({ missing_enrolment_consent: 4, children: 4 });
    const ours = await glance(c.s.principal);
    expect(ours.classes.map((row: Json) => row.class_id)).not.toContain(otherClass.id);
    expect((await glance(other.s.teacher)).classes.map((row: Json) => row.class_id)).toEqual([otherClass.id]);
  });

  it('on a day that is not a class day: the next class day, and the last class day\'s roll calls (no nudge)', async () => {
    const last = classDayOnOrBefore(today, TOMORROW_ONLY);
    expect(last).toBe(addDays(today, -6));
    let theirs = await glance(other.s.principal);
    expect(theirs).toMatchObject({ today, day: last, is_class_day: false, next_class_day: classDayAfter(today, TOMORROW_ONLY), class_days: TOMORROW_ONLY });
    expect(theirs.next_class_day).toBe(addDays(today, 1));
    expect(rowOf(theirs, otherClass.id)).toMatchObject({ marked: false, nudge_url: null });
    // Marks of today (not a class day) are not the last class day's; that day's are.
    await marks(other.church.id, otherClass.id, today, [[otherKids[0], 'present']]);
    expect(rowOf(await glance(other.s.principal), otherClass.id).marked).toBe(false);
    await marks(other.church.id, otherClass.id, last, [[otherKids[0], 'present'], [otherKids[1], 'present'], [otherKids[2], 'present'], [otherKids[3], 'absent']]);
    theirs = await glance(other.s.teacher);
    expect(rowOf(theirs, otherClass.id)).toMatchObject({ marked: true, marked_count: 4, present: 3 });
  });

  it('is for staff: a guest is refused', async () => {
    expect((await c.s.guest.get('/api/dashboard/today')).status).toBe(403);
  });
});
