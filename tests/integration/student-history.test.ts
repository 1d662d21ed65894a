import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childDataReads } from '../../drizzle/schema/index.js';
import { STUDENT_MESSAGES } from '../../common/schemas/students.js';
import { addDays, todayIn } from '../../common/dates.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createClassWithStudents } from '../helpers/fixtures.js';
import { churchWithSessions, type ChurchSession as Session } from '../helpers/church-session.js';
import { addClass } from '../helpers/classes-api.js';

// GET /api/students/{id}/history: a child's class, roll number and attendance per academic year,
// through real HTTP. Marks are made through POST /api/attendance/mark, whose dates must be within the
// last 14 days of the church's today; the years are the classes' own, whatever today is.

const YEAR_1 = '2025-2026';
const YEAR_2 = '2026-2027';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const today = todayIn('Asia/Kolkata');
const daysAgo = (days: number) => addDays(today, -days);

/** Marks a class for a date as `s`: the children named present, the rest of the class absent. */
async function mark(s: Session, classId: string, date: string, present: string[]) {
  const res = await s.post('/api/attendance/mark', {
    classId, date, attendanceData: present.map((studentId) => ({ studentId, status: 'present' })),
  });
  expect(res.status, res.body.message).toBe(200);
}

/**
 * A church where Anna spent YEAR_1 in 3rd A (marked present, absent, absent), then moved to 4th A of
 * YEAR_2 (marked present) and within YEAR_2 on to 4th B, the teacher's class (marked present, absent).
 * Ben stays in 3rd A; Carl joins 3rd A after every roll call and has no mark.
 */
async function school() {
  const made = await churchWithSessions(app);
  const { super_admin: admin, principal, teacher, guest } = made.s;
  const third = await addClass(admin, { class_name: '3rd', section: 'A', academic_year: YEAR_1 });
  const fourthA = await addClass(admin, { class_name: '4th', section: 'A', academic_year: YEAR_2 });
  const fourthB = await addClass(admin, { class_name: '4th', section: 'B', academic_year: YEAR_2, teacher_id: made.users.teacher.id });
  const add = async (classId: string, name: string) => {
    const res = await admin.post('/api/students', { name, parent_phone: '+91 98765 43210', date_of_birth: '2016-03-15', class_id: classId });
    expect(res.status, res.body.message).toBe(201);
    return res.body.data as { id: string; roll_number: number };
  };
  const move = async (id: string, classId: string) => {
    const res = await admin.put(`/api/students/${id}`, { class_id: classId });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data as { roll_number: number; academic_year: string };
  };
  const anna = await add(third.id, 'Anna Joseph');
  const ben = await add(third.id, 'Ben Mathew');
  await mark(admin, third.id, daysAgo(12), [anna.id]);
  await mark(admin, third.id, daysAgo(11), [ben.id]);
  await mark(admin, third.id, daysAgo(10), []);
  expect(await move(anna.id, fourthA.id)).toMatchObject({ academic_year: YEAR_2, roll_number: 1 });
  await mark(admin, fourthA.id, daysAgo(5), [anna.id]);
  expect(await move(anna.id, fourthB.id)).toMatchObject({ academic_year: YEAR_2, roll_number: 1 });
  await mark(admin, fourthB.id, daysAgo(4), [anna.id]);
  await mark(admin, fourthB.id, daysAgo(3), []);
  const carl = await add(third.id, 'Carl Thomas');
  return { ...made, admin, principal, teacher, guest, third, fourthA, fourthB, anna, ben, carl };
}

let c: Awaited<ReturnType<typeof school>>;
beforeAll(async () => { c = await school(); });

const historyOf = (s: Session, id: string) => s.get(`/api/students/${id}/history`);

describe('GET /api/students/{id}/history', () => {
  it('lists each year the child was enrolled, newest first, with that year\'s class, roll number and marks', async () => {
    const res = await historyOf(c.principal, c.anna.id);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({
      student_id: c.anna.id,
      years: [
        // Moved within the year: the enrolment's class is the last one, and the marks under 4th A count too.
        { academic_year: YEAR_2, class_id: c.fourthB.id, class_name: '4th', section: 'B', roll_number: 1,
          present: 2, absent: 1, total: 3, percentage: 66.7, result: null },
        { academic_year: YEAR_1, class_id: c.third.id, class_name: '3rd', section: 'A', roll_number: 1,
          present: 1, absent: 2, total: 3, percentage: 33.3, result: null },
      ],
    });
    // The same answer over tRPC, to the super admin.
    const trpc = await c.admin.query('students.history', { id: c.anna.id });
    expect(trpc.body.result.data).toEqual(res.body.data);
  });

  it('a child who stayed has one year; a child with no mark has zeros and a null percentage', async () => {
    expect((await historyOf(c.principal, c.ben.id)).body.data.years).toEqual([
      { academic_year: YEAR_1, class_id: c.third.id, class_name: '3rd', section: 'A', roll_number: 2,
        present: 1, absent: 2, total: 3, percentage: 33.3, result: null },
    ]);
    expect((await historyOf(c.admin, c.carl.id)).body.data).toEqual({
      student_id: c.carl.id,
      years: [{ academic_year: YEAR_1, class_id: c.third.id, class_name: '3rd', section: 'A', roll_number: 3,
        present: 0, absent: 0, total: 0, percentage: null, result: null }],
    });
  });

  it('a teacher reads the history of a child of their own current class only: another class\'s child is 404', async () => {
    const own = await historyOf(c.teacher, c.anna.id);
    expect(own.status, own.body.message).toBe(200);
    expect(own.body.data.years).toHaveLength(2);
    for (const child of [c.ben, c.carl]) {
      const res = await historyOf(c.teacher, child.id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: STUDENT_MESSAGES.notFound });
    }
  });

  it('a guest is refused (403); a malformed id is 400; an unknown id is 404', async () => {
    expect((await historyOf(c.guest, c.anna.id)).status).toBe(403);
    const malformed = await historyOf(c.principal, 'not-a-uuid');
    expect(malformed).toMatchObject({ status: 400, body: { success: false, message: STUDENT_MESSAGES.idInvalid } });
    expect((await historyOf(c.principal, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('another church\'s child is 404, to every role, and its names never show', async () => {
    const other = await churchWithSessions(app, { roles: ['super_admin', 'principal', 'teacher'] });
    const theirs = await createClassWithStudents(app.db, other.church.id, { teacherId: other.users.teacher.id, names: ['Dora Varghese'] });
    expect((await historyOf(other.s.teacher, theirs.students[0].id)).status).toBe(200);
    for (const s of Object.values(other.s)) {
      const res = await historyOf(s, c.anna.id);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Anna');
    }
    for (const s of [c.admin, c.principal, c.teacher]) {
      const res = await historyOf(s, theirs.students[0].id);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Dora');
    }
  });

  it('is not written to the access log (only a medical note, an export and consent records are)', async () => {
    await historyOf(c.principal, c.anna.id);
    expect(await app.db.withTenant(c.church.id, (tx) => tx.select().from(childDataReads))).toEqual([]);
  });
});
