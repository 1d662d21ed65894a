import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { attendance, churches, followUpContacts, students } from '../../drizzle/schema/index.js';
import { addDays, dayOfWeek, todayIn } from '../../common/dates.js';
import { FOLLOW_UP_MESSAGES } from '../../common/follow-up.js';
import type { FollowUpStudent } from '../../server/modules/follow-up/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createClassWithStudents, type Json } from '../helpers/fixtures.js';
import { auditOf } from '../helpers/audit.js';
import { churchWithSessions, type ChurchWithSessions } from '../helpers/church-session.js';

// The follow-up list through real HTTP. The roll calls before today are written straight into the
// attendance table (marking through the API is limited to the last 14 days); today's goes through
// POST /api/attendance/mark, as a roll call does. The church of most tests meets every day of the
// week (its class days are all seven), so the streaks below hold on whatever weekday the suite runs;
// "class days" at the end tests a church meeting on Sundays only, as every church does by default.

let app: TestApp;
let c: ChurchWithSessions;
let other: ChurchWithSessions;

const today = todayIn('Asia/Kolkata');
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
/** `weeks` weeks before today. */
const weeksAgo = (weeks: number) => new Date(Date.parse(`${today}T00:00:00Z`) - weeks * 7 * 86_400_000).toISOString().slice(0, 10);
const [d4, d3, d2, d1] = [weeksAgo(4), weeksAgo(3), weeksAgo(2), weeksAgo(1)];

type Status = 'present' | 'absent';
interface Kid { id: string; name: string }
let classA: { id: string };
let classB: { id: string };
let a: Kid[]; // a[0..5]: a1..a6 of class A, taught by the church's teacher
let b: Kid[]; // b1, b2 of class B, no teacher

/** A roll call of `classId` on `date` written as the owner would: only the children named get a row. */
async function rollCall(classId: string, date: string, marks: Array<[Kid, Status]>) {
  await app.db.withTenant(c.church.id, (tx) => tx.insert(attendance).values(marks.map(([kid, status]) => ({
    churchId: c.church.id, studentId: kid.id, date, classId, status,
  }))));
}

const list = async (session = c.s.principal, query = '') => {
  const res = await session.get(`/api/follow-up${query}`);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { absences_in_a_row: number; students: FollowUpStudent[] };
};
/** Name → weeks missed, of the children on the list. */
const streaks = async (session = c.s.principal, query = '') =>
  Object.fromEntries((await list(session, query)).students.map((s) => [s.student_name, s.weeks_missed]));

const contactRows = async () => app.db.withTenant(c.church.id, (tx) => tx.select().from(followUpContacts));

beforeAll(async () => {
  app = await startTestApp();
  [c, other] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
  const A = await createClassWithStudents(app.db, c.church.id, { teacherId: c.users.teacher.id, names: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'] });
  const B = await createClassWithStudents(app.db, c.church.id, { className: '5th', names: ['b1', 'b2'] });
  [classA, classB, a, b] = [A.class, B.class, A.students, B.students];
  await app.db.withTenant(c.church.id, (tx) => tx.update(churches).set({ classDays: EVERY_DAY }).where(eq(churches.id, c.church.id)));
});
afterAll(async () => { await app?.close(); });

describe('the follow-up list', () => {
  it('is empty before anyone missed two roll calls in a row, and the setting is 2 by default', async () => {
    expect((await other.s.teacher.get('/api/follow-up/settings')).body.data).toEqual({ absences_in_a_row: 2, class_days: [7] });
    expect((await c.s.teacher.get('/api/follow-up/settings')).body.data).toEqual({ absences_in_a_row: 2, class_days: EVERY_DAY });
    const [a1, a2, a3, a4, a5] = a;
    await rollCall(classA.id, d4, [[a1, 'present'], [a2, 'present'], [a3, 'present'], [a4, 'present'], [a5, 'present']]);
    await rollCall(classA.id, d3, [[a1, 'absent'], [a2, 'absent'], [a3, 'absent'], [a4, 'absent'], [a5, 'present']]);
    expect(await streaks()).toEqual({});
  });

  it('lists a child at exactly the second absent roll call; a date without a roll call of the class counts neither way', async () => {
    const [a1, a2, , a4, a5, a6] = a;
    const [b1, b2] = b;
    // d2: only class B called the roll, so it is no roll call of class A.
    await rollCall(classB.id, d2, [[b1, 'absent'], [b2, 'present']]);
    // d1: a3 was left out of the roll call; a6 joined the class (never marked before).
    await rollCall(classA.id, d1, [[a1, 'absent'], [a2, 'absent'], [a4, 'absent'], [a5, 'present'], [a6, 'absent']]);
    await rollCall(classB.id, d1, [[b1, 'absent'], [b2, 'present']]);
    expect(await streaks()).toEqual({ a1: 2, a2: 2, a4: 2, b1: 2 });
    const a1Row = (await list()).students.find((s) => s.student_id === a1.id)!;
    expect(a1Row).toMatchObject({
      student_name: 'a1', class_id: classA.id, weeks_missed: 2, streak_since: d3, last_present: d4,
      contacted: false, contacts_since_streak: 0, last_contact: null,
    });
  });

  it('carries each child\'s guardians in order: a call link for every one, WhatsApp only for those who agreed to be contacted', async () => {
    const [a1] = a;
    const put = await c.s.principal.put(`/api/students/${a1.id}/guardians`, { guardians: [
      { name: 'Mary', relation: 'mother', phone: '98470 12345', whatsapp: 'phone', contact_consent: true, language: 'ml' },
      { name: 'John', relation: 'father', phone: '98470 54321', whatsapp: 'phone', contact_consent: false },
    ] });
    expect(put.status, put.body.message).toBe(200);
    const row = (await list()).students.find((s) => s.student_id === a1.id)!;
    expect(row.guardians.map((g) => [g.name, g.language, g.contact_consent, g.links.phone])).toEqual([
      ['Mary', 'ml', true, { display: '+91 98470 12345', tel: 'tel:+919847012345', whatsapp: 'https://wa.me/919847012345' }],
      ['John', null, false, { display: '+91 98470 54321', tel: 'tel:+919847054321', whatsapp: null }],
    ]);
    // John uses WhatsApp but did not agree to be contacted: no link anywhere, his choice kept.
    const own = (await c.s.principal.get(`/api/students/${a1.id}/guardians`)).body.data[1];
    expect([own.whatsapp, own.links.phone.whatsapp]).toEqual(['phone', null]);
  });

  it('after today\'s roll call: a present mark resets, a date where the child has no mark neither breaks nor extends', async () => {
    const [, a2, a3, , a5, a6] = a;
    const res = await c.s.teacher.post('/api/attendance/mark', {
      classId: classA.id, date: today,
      attendanceData: [{ studentId: a2.id, status: 'present' }, { studentId: a5.id, status: 'present' }],
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ marked: 6, present: 2 });
    // a1: d3, d1, today; a3: d3, (no mark on d1), today; a6: d1, today and never present.
    expect(await streaks()).toEqual({ a1: 3, a3: 2, a4: 3, a6: 2, b1: 2 });
    const rows = (await list()).students;
    expect(rows.map((s) => s.student_name).slice(0, 2).sort()).toEqual(['a1', 'a4']); // longest streak first
    expect(rows.find((s) => s.student_id === a6.id)).toMatchObject({ last_present: null, streak_since: d1 });
    expect(rows.find((s) => s.student_id === a3.id)).toMatchObject({ streak_since: d3, last_present: d4 });
    expect(rows.some((s) => s.student_id === a2.id || s.student_id === a5.id)).toBe(false);
  });

  it('follows the setting: 3 in a row takes the children at 2 off the list, at once; audited', async () => {
    const put = await c.s.principal.put('/api/follow-up/settings', { absences_in_a_row: 3 });
    expect(put.status, put.body.message).toBe(200);
    expect(put.body.data).toEqual({ absences_in_a_row: 3, class_days: EVERY_DAY });
    expect(await streaks()).toEqual({ a1: 3, a4: 3 });
    expect((await list()).absences_in_a_row).toBe(3);
    // The super admin sets it too (numeric text, as a form sends it), back to 2.
    expect((await c.s.super_admin.put('/api/follow-up/settings', { absences_in_a_row: '2' })).status).toBe(200);
    expect(await streaks()).toEqual({ a1: 3, a3: 2, a4: 3, a6: 2, b1: 2 });
    const audit = await auditOf(app.db, c.church.id, { action: 'church.follow_up_absences_updated' });
    expect(audit.map((e) => [(e.details as Json).old, (e.details as Json).new])).toEqual([[2, 3], [3, 2]]);
  });

  it('a teacher sees only their own classes; principals and super admins every class', async () => {
    expect(Object.keys(await streaks(c.s.teacher)).sort()).toEqual(['a1', 'a3', 'a4', 'a6']);
    expect(Object.keys(await streaks(c.s.super_admin)).sort()).toEqual(['a1', 'a3', 'a4', 'a6', 'b1']);
    expect(await streaks(c.s.principal, `?classId=${classB.id}`)).toEqual({ b1: 2 });
    const notTheirs = await c.s.teacher.get(`/api/follow-up?classId=${classB.id}`);
    expect(notTheirs.status).toBe(404);
    expect((await c.s.guest.get('/api/follow-up')).status).toBe(403);
  });

  it('another church sees none of it: its own list is empty and every id of this church is not found', async () => {
    expect((await list(other.s.principal)).students).toEqual([]);
    expect((await other.s.principal.get(`/api/follow-up?classId=${classA.id}`)).status).toBe(404);
    const post = await other.s.principal.post(`/api/follow-up/${a[0].id}/contacts`, { outcome: 'reached' });
    expect(post.status).toBe(404);
    expect((await other.s.principal.get(`/api/follow-up/${a[0].id}/contacts`)).status).toBe(404);
    expect(await contactRows()).toEqual([]);
    expect((await other.s.principal.get('/api/follow-up/summary')).body.data).toMatchObject({ follow_up: 0, contacted_this_week: 0, classes: [] });
  });
});

describe('contacts', () => {
  it('records the outcome, the note, who and when; the list shows it since the streak began', async () => {
    const [a1] = a;
    const before = Date.now();
    const res = await c.s.teacher.post(`/api/follow-up/${a1.id}/contacts`, { outcome: 'reached', note: '  Mother says a1 had exams.  ' });
    expect(res.status, res.body.message).toBe(201);
    const contact = res.body.data.contact;
    expect(contact).toMatchObject({
      student_id: a1.id, outcome: 'reached', note: 'Mother says a1 had exams.',
      contacted_by: { id: c.users.teacher.id, name: c.users.teacher.name },
    });
    expect(Date.parse(contact.contacted_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.body.data.student_active).toBe(true);

    const row = (await list(c.s.teacher)).students.find((s) => s.student_id === a1.id)!;
    expect(row).toMatchObject({ contacted: true, contacts_since_streak: 1, last_contact: { outcome: 'reached', note: 'Mother says a1 had exams.' } });
    const history = await c.s.principal.get(`/api/follow-up/${a1.id}/contacts`);
    expect(history.body.data).toEqual([contact]);

    const [entry] = await auditOf(app.db, c.church.id, { action: 'follow_up.contact_recorded', resourceId: a1.id });
    expect(entry.details).toMatchObject({ contact_id: contact.id, outcome: 'reached', by_user_id: c.users.teacher.id, student_deactivated: false });
  });

  it('a contact made before the streak began does not count as contacted', async () => {
    const a4 = a[3];
    // Called in the week of d4, when a4 was still coming.
    await app.db.withTenant(c.church.id, (tx) => tx.insert(followUpContacts).values({
      churchId: c.church.id, studentId: a4.id, outcome: 'other', contactedByName: 'someone', contactedAt: new Date(`${d4}T06:00:00Z`),
    }));
    const row = (await list()).students.find((s) => s.student_id === a4.id)!;
    expect(row).toMatchObject({ contacted: false, contacts_since_streak: 0, last_contact: null });
    expect((await c.s.principal.get(`/api/follow-up/${a4.id}/contacts`)).body.data).toHaveLength(1);
  });

  it('a teacher cannot record a contact for a child of another class (404, nothing written); the principal can', async () => {
    const b1 = b[0];
    const count = (await contactRows()).length;
    expect((await c.s.teacher.post(`/api/follow-up/${b1.id}/contacts`, { outcome: 'no_answer' })).status).toBe(404);
    expect(await contactRows()).toHaveLength(count);
    const res = await c.s.principal.post(`/api/follow-up/${b1.id}/contacts`, { outcome: 'no_answer' });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.data.contact).toMatchObject({ note: null, contacted_by: { id: c.users.principal.id } });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const a1 = a[0];
    const contactsBefore = await contactRows();
    const auditBefore = await auditOf(app.db, c.church.id);
    const refused = [
      await c.s.teacher.post(`/api/follow-up/${a1.id}/contacts`, { outcome: 'visited' }),
      await c.s.teacher.post(`/api/follow-up/${a1.id}/contacts`, {}),
      await c.s.teacher.post(`/api/follow-up/${a1.id}/contacts`, { outcome: 'reached', note: 'x'.repeat(501) }),
      await c.s.teacher.post(`/api/follow-up/${a1.id}/contacts`, { outcome: 'reached', note: 'bell\u0007' }),
      await c.s.teacher.post('/api/follow-up/not-an-id/contacts', { outcome: 'reached' }),
      ...await Promise.all([0, 11, 2.5, 'two', null, -1].map((n) => c.s.principal.put('/api/follow-up/settings', { absences_in_a_row: n }))),
      await c.s.principal.put('/api/follow-up/settings', {}),
      ...await Promise.all([[], [0], [8], [7, 7], [1.5], ['sunday'], 7, null].map((days) =>
        c.s.principal.put('/api/follow-up/settings', { absences_in_a_row: 2, class_days: days }))),
    ];
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 400));
    expect(refused[0].body.message).toBe(FOLLOW_UP_MESSAGES.outcomeInvalid);
    expect(refused[2].body.message).toBe(FOLLOW_UP_MESSAGES.noteTooLong);
    expect(refused[5].body.message).toBe(FOLLOW_UP_MESSAGES.absencesInvalid);
    for (const res of refused.slice(-8)) expect(res.body.message).toBe(FOLLOW_UP_MESSAGES.classDaysInvalid);
    expect(await contactRows()).toEqual(contactsBefore);
    expect(await auditOf(app.db, c.church.id)).toEqual(auditBefore);
    expect((await c.s.teacher.get('/api/follow-up/settings')).body.data).toEqual({ absences_in_a_row: 2, class_days: EVERY_DAY });
    // A note of exactly 500 characters is taken.
    expect((await c.s.teacher.post(`/api/follow-up/${a1.id}/contacts`, { outcome: 'sick', note: 'n'.repeat(500) })).status).toBe(201);
  });

  it('only managers change the setting', async () => {
    for (const s of [c.s.teacher, c.s.guest]) {
      expect((await s.put('/api/follow-up/settings', { absences_in_a_row: 5 })).status).toBe(403);
    }
    expect((await c.s.principal.get('/api/follow-up/settings')).body.data).toEqual({ absences_in_a_row: 2, class_days: EVERY_DAY });
  });
});

describe('class days', () => {
  it('a church meeting on Sundays counts Sundays only: a Wednesday roll call is no missed Sunday, a present one still ends the streak', async () => {
    const church = await churchWithSessions(app);
    const cls = await createClassWithStudents(app.db, church.church.id, { names: ['s1', 's2', 's3'] });
    const [s1, s2, s3] = cls.students;
    const lastSunday = addDays(today, -dayOfWeek(today));
    const [sun2, sun1, wed] = [addDays(lastSunday, -14), addDays(lastSunday, -7), addDays(lastSunday, -11)];
    const call = (date: string, marks: Array<[Kid, Status]>) => app.db.withTenant(church.church.id, (tx) => tx.insert(attendance)
      .values(marks.map(([kid, status]) => ({ churchId: church.church.id, studentId: kid.id, date, classId: cls.class.id, status }))));
    const streaksOf = async () => Object.fromEntries(((await church.s.principal.get('/api/follow-up')).body.data as { students: FollowUpStudent[] })
      .students.map((s) => [s.student_name, s.weeks_missed]));
    // s1 misses a Sunday and the Wednesday between; s2 misses the Wednesday only; s3 misses two Sundays but came on Wednesday.
    await call(sun2, [[s1, 'absent'], [s2, 'present'], [s3, 'absent']]);
    await call(wed, [[s1, 'absent'], [s2, 'absent'], [s3, 'present']]);
    await call(sun1, [[s1, 'present'], [s2, 'present'], [s3, 'absent']]);
    await call(lastSunday, [[s1, 'absent'], [s2, 'present'], [s3, 'absent']]);
    expect(await streaksOf()).toEqual({ s3: 2 });

    // The church meets on Wednesdays too: the Wednesday counts, and the list follows at once.
    const put = await church.s.super_admin.put('/api/follow-up/settings', { absences_in_a_row: 2, class_days: [7, 3] });
    expect(put.status, put.body.message).toBe(200);
    expect(put.body.data).toEqual({ absences_in_a_row: 2, class_days: [3, 7] });
    expect(await streaksOf()).toEqual({ s3: 2 });
    await call(addDays(lastSunday, 3 - 7), [[s1, 'absent'], [s2, 'absent'], [s3, 'absent']]); // the last Wednesday
    expect(await streaksOf()).toEqual({ s1: 2, s3: 3 });
    // Saving the threshold alone keeps the class days.
    expect((await church.s.principal.put('/api/follow-up/settings', { absences_in_a_row: 3 })).body.data).toEqual({ absences_in_a_row: 3, class_days: [3, 7] });
    const audit = await auditOf(app.db, church.church.id, { action: 'church.follow_up_absences_updated' });
    expect(audit.map((e) => (e.details as Json).class_days)).toEqual([[3, 7], [3, 7]]);
    expect(audit.map((e) => (e.details as Json).old_class_days)).toEqual([[7], [3, 7]]);
  });
});

describe('moved away', () => {
  it('makes the child inactive: off the follow-up list and the roll call, still in student lists (flagged) and reports', async () => {
    const [a1, a2, , a4, a5] = a;
    const res = await c.s.teacher.post(`/api/follow-up/${a4.id}/contacts`, { outcome: 'moved_away', note: 'Family moved to Chennai' });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.data.student_active).toBe(false);
    const [row] = await app.db.withTenant(c.church.id, (tx) => tx.select({ active: students.active }).from(students).where(eq(students.id, a4.id)));
    expect(row.active).toBe(false);
    const [entry] = await auditOf(app.db, c.church.id, { action: 'follow_up.contact_recorded', resourceId: a4.id });
    expect(entry.details).toMatchObject({ outcome: 'moved_away', student_deactivated: true });

    expect(await streaks()).toEqual({ a1: 3, a3: 2, a6: 2, b1: 2 });

    // Still listed, with the flag.
    const byClass = (await c.s.teacher.get(`/api/students/class/${classA.id}`)).body.data as Json[];
    expect(byClass.map((s) => [s.name, s.active])).toEqual([['a1', true], ['a2', true], ['a3', true], ['a4', false], ['a5', true], ['a6', true]]);
    const all = (await c.s.principal.get('/api/students')).body.data as Json[];
    expect(all.find((s) => s.id === a4.id)).toMatchObject({ active: false });

    // Off the roll call: choosing them is choosing a child not in the class (nothing written); without
    // them, the others are marked and they get no new absent mark.
    const stored = async () => app.db.withTenant(c.church.id, (tx) => tx.select({ s: attendance.studentId, st: attendance.status })
      .from(attendance).where(sql`${attendance.classId} = ${classA.id} and ${attendance.date} = ${today}`));
    const before = await stored();
    const refused = await c.s.teacher.post('/api/attendance/mark', {
      classId: classA.id, date: today, attendanceData: [{ studentId: a4.id, status: 'present' }, { studentId: a1.id, status: 'present' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('student_not_in_class');
    expect(await stored()).toEqual(before);
    await app.db.withTenant(c.church.id, (tx) => tx.delete(attendance).where(sql`${attendance.studentId} = ${a4.id} and ${attendance.date} = ${today}`));
    const marked = await c.s.teacher.post('/api/attendance/mark', {
      classId: classA.id, date: today, attendanceData: [{ studentId: a2.id, status: 'present' }, { studentId: a5.id, status: 'present' }],
    });
    expect(marked.body.data).toMatchObject({ marked: 5, present: 2 });
    expect((await stored()).some((m) => m.s === a4.id)).toBe(false);

    // Their history stays in the reports.
    const [year, month] = d3.split('-').map(Number);
    const monthly = (await c.s.teacher.get(`/api/attendance/class/${classA.id}/monthly?year=${year}&month=${month}`)).body.data as Json[];
    const a4Marks = ([[d4, 'present'], [d3, 'absent'], [d1, 'absent']] as const).filter(([date]) => date.startsWith(d3.slice(0, 7)));
    expect(monthly.find((r) => r.student_id === a4.id)).toMatchObject({
      present_days: a4Marks.filter(([, st]) => st === 'present').length, absent_days: a4Marks.filter(([, st]) => st === 'absent').length,
    });

    // No more contacts for them.
    const again = await c.s.principal.post(`/api/follow-up/${a4.id}/contacts`, { outcome: 'reached' });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('student_inactive');
  });
});

describe('the summary', () => {
  it('counts the children on the list per class and those contacted this week (Monday to Sunday)', async () => {
    const [a1] = a;
    // A contact last week (8 days ago is always in the week before) does not count.
    await app.db.withTenant(c.church.id, (tx) => tx.insert(followUpContacts).values({
      churchId: c.church.id, studentId: a[2].id, outcome: 'reached', contactedByName: 'someone',
      contactedAt: new Date(Date.now() - 8 * 86_400_000),
    }));
    const res = await c.s.principal.get('/api/follow-up/summary');
    expect(res.status, res.body.message).toBe(200);
    const data = res.body.data;
    expect(data.absences_in_a_row).toBe(2);
    const { from, to } = data.week as { from: string; to: string };
    expect(new Date(`${from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(Date.parse(to) - Date.parse(from)).toBe(6 * 86_400_000);
    expect(from <= today && today <= to).toBe(true);
    const byClass = Object.fromEntries((data.classes as Json[]).map((k) => [k.class_id, [k.follow_up, k.contacted_this_week]]));
    // Class A: a1, a3, a6 listed; a1 and a4 (moved away) contacted this week. Class B: b1, contacted.
    expect(byClass).toEqual({ [classA.id]: [3, 2], [classB.id]: [1, 1] });
    expect(data).toMatchObject({ follow_up: 4, contacted_this_week: 3 });

    const mine = (await c.s.teacher.get('/api/follow-up/summary')).body.data;
    expect(mine).toMatchObject({ follow_up: 3, contacted_this_week: 2 });
    expect(mine.classes.map((k: Json) => k.class_id)).toEqual([classA.id]);

    // Present again: off the list, still counted as contacted this week.
    await app.db.withTenant(c.church.id, (tx) => tx.update(attendance).set({ status: 'present' })
      .where(sql`${attendance.studentId} = ${a1.id} and ${attendance.date} = ${today}`));
    const after = (await c.s.principal.get('/api/follow-up/summary')).body.data;
    expect(after).toMatchObject({ follow_up: 3, contacted_this_week: 3 });
  });
});
