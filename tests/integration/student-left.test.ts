import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attendance, churches, students } from '../../drizzle/schema/index.js';
import { todayIn } from '../../common/dates.js';
import { STUDENT_MESSAGES } from '../../common/schemas/students.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { churchWithSessions, type ChurchSession, type ChurchWithSessions } from '../helpers/church-session.js';
import { createClassWithStudents, type Json } from '../helpers/fixtures.js';

// "Mark as left, keep history" and "Back on the roll", through real HTTP (REST and tRPC): a child
// whose family moved away leaves the roll call and the follow-up list and keeps every mark; whoever
// may edit the child may do it and undo it, audited; another church's child is not found.

let app: TestApp;
let a: ChurchWithSessions;
let b: ChurchWithSessions;
let cls: { id: string };
let anna: { id: string; name: string };
let ben: { id: string; name: string };
/** A child of a class with no teacher: not one of the church's teacher's. */
let cara: { id: string; name: string };

const today = todayIn('Asia/Kolkata');
/** `weeks` weeks before today. */
const weeksAgo = (weeks: number) => new Date(Date.parse(`${today}T00:00:00Z`) - weeks * 7 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await startTestApp();
  [a, b] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
  const made = await createClassWithStudents(app.db, a.church.id, { teacherId: a.users.teacher.id, names: ['Anna Joseph', 'Ben Thomas'] });
  cls = made.class;
  [anna, ben] = made.students;
  cara = (await createClassWithStudents(app.db, a.church.id, { className: '5th', names: ['Cara Paul'] })).students[0];
  await app.db.withTenant(a.church.id, async (tx) => {
    // The church meets every day, so today's roll call goes through whatever weekday the suite runs.
    await tx.update(churches).set({ classDays: [1, 2, 3, 4, 5, 6, 7] }).where(eq(churches.id, a.church.id));
    // Two roll calls before today: Anna absent at both (on the follow-up list), Ben present.
    await tx.insert(attendance).values([weeksAgo(2), weeksAgo(1)].flatMap((date) => [
      { churchId: a.church.id, studentId: anna.id, classId: cls.id, date, status: 'absent' },
      { churchId: a.church.id, studentId: ben.id, classId: cls.id, date, status: 'present' },
    ]));
  });
}, 60_000);
afterAll(async () => { await app?.close(); });

const setActive = (session: ChurchSession, id: string, body: unknown) => session.put(`/api/students/${id}/active`, body);
const activeInDatabase = async (id: string) =>
  (await app.db.withTenant(a.church.id, (tx) => tx.select({ active: students.active }).from(students).where(eq(students.id, id))))[0].active;
const onFollowUp = async () => ((await a.s.principal.get('/api/follow-up')).body.data.students as Json[]).map((s) => s.student_name);
const markToday = (session: ChurchSession) => session.post('/api/attendance/mark', {
  classId: cls.id, date: today, attendanceData: [{ studentId: anna.id, status: 'present' }, { studentId: ben.id, status: 'present' }],
});
const historyMarks = async (id: string) =>
  ((await a.s.principal.get(`/api/students/${id}/history`)).body.data.years as Json[]).reduce((sum, year) => sum + (year.total as number), 0);

describe('mark as left, keep history', () => {
  it('a principal marks a child as left: off the roll call and the follow-up list, still listed, every mark kept, audited once', async () => {
    expect(await onFollowUp()).toContain(anna.name);
    const res = await setActive(a.s.principal, anna.id, { active: false });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({ id: anna.id, active: false, changed: true, message: STUDENT_MESSAGES.markedLeft });
    expect(await activeInDatabase(anna.id)).toBe(false);

    // The card and the lists say so; the follow-up list and the roll call leave her out.
    expect((await a.s.teacher.get(`/api/students/${anna.id}/safety-card`)).body.data.student).toMatchObject({ id: anna.id, active: false });
    const listed = (await a.s.principal.get('/api/students')).body.data as Json[];
    expect(listed.find((s) => s.id === anna.id)).toMatchObject({ active: false });
    expect(await onFollowUp()).not.toContain(anna.name);
    const marked = await markToday(a.s.teacher);
    expect(marked.status).toBe(400);
    expect(marked.body.reason).toBe('student_not_in_class');
    const call = await a.s.teacher.post(`/api/follow-up/${anna.id}/contacts`, { outcome: 'reached' });
    expect(call.status).toBe(409);
    expect(call.body.reason).toBe('student_inactive');
    // Her history is whole.
    expect(await historyMarks(anna.id)).toBe(2);

    const [entry, ...more] = await auditOf(app.db, a.church.id, { action: 'student.marked_left', resourceId: anna.id });
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ resourceType: 'student' });
    expect(entry.details).toMatchObject({ active: false, student_name: anna.name, by_user_id: a.users.principal.id, by_user_role: 'principal' });

    // Asked again: nothing changes, nothing more in the audit log.
    const again = await setActive(a.s.principal, anna.id, { active: false });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ active: false, changed: false });
    expect(await auditOf(app.db, a.church.id, { action: 'student.marked_left', resourceId: anna.id })).toHaveLength(1);
  });

  it('back on the roll, over tRPC (the same procedure), by the teacher of her class: on the roll call and the follow-up list again, audited', async () => {
    const res = await a.s.teacher.mutate('students.setActive', { id: anna.id, active: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.data).toEqual({ id: anna.id, active: true, changed: true, message: STUDENT_MESSAGES.backOnRoll });
    expect(await activeInDatabase(anna.id)).toBe(true);
    const [entry, ...more] = await auditOf(app.db, a.church.id, { action: 'student.back_on_roll', resourceId: anna.id });
    expect(more).toEqual([]);
    expect(entry.details).toMatchObject({ active: true, by_user_id: a.users.teacher.id, by_user_role: 'teacher' });

    expect(await onFollowUp()).toContain(anna.name);
    const marked = await markToday(a.s.teacher);
    expect(marked.status, marked.body.message).toBe(200);
    expect(marked.body.data).toMatchObject({ marked: 2, present: 2 });
    expect(await historyMarks(anna.id)).toBe(3);
    const call = await a.s.teacher.post(`/api/follow-up/${anna.id}/contacts`, { outcome: 'reached' });
    expect(call.status, call.body.message).toBe(201);
  });

  it('another church\'s child is not found and stays as it was; so is a child of another class for a teacher; a guest is refused', async () => {
    const before = (await auditOf(app.db, a.church.id)).length;
    const foreign = await setActive(b.s.super_admin, ben.id, { active: false });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(STUDENT_MESSAGES.notFound);
    expect(JSON.stringify(foreign.body)).not.toContain(ben.name);
    const foreignTrpc = await b.s.principal.mutate('students.setActive', { id: ben.id, active: false });
    expect(foreignTrpc.status).toBe(404);
    expect(await activeInDatabase(ben.id)).toBe(true);
    expect(await auditOf(app.db, b.church.id, { action: 'student.marked_left' })).toEqual([]);

    expect((await setActive(a.s.teacher, cara.id, { active: false })).status).toBe(404);
    expect((await setActive(a.s.guest, ben.id, { active: false })).status).toBe(403);
    expect(await activeInDatabase(cara.id)).toBe(true);
    expect(await activeInDatabase(ben.id)).toBe(true);
    expect(await auditOf(app.db, a.church.id)).toHaveLength(before);
  });

  it('bad input is a 400 with its message, and changes nothing', async () => {
    for (const body of [{ active: 'no' }, {}, { active: null }]) {
      const res = await setActive(a.s.principal, ben.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(STUDENT_MESSAGES.activeInvalid);
    }
    const badId = await setActive(a.s.principal, 'not-an-id', { active: false });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe(STUDENT_MESSAGES.idInvalid);
    expect(await activeInDatabase(ben.id)).toBe(true);
  });
});
