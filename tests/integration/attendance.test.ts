import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, createClassWithStudents } from '../helpers/fixtures.js';
import { churchWithSessions, signIn, type ChurchSession as Session, type ChurchWithSessions } from '../helpers/church-session.js';
import { attendance, users } from '../../drizzle/schema/index.js';
import { addDays, todayIn } from '../../common/dates.js';
import { MESSAGES } from '../../common/constants.js';

// POST /api/attendance/mark and GET /api/attendance/class/{classId}/date/{date}, through real HTTP.
// Dates are relative to the church's today (Asia/Kolkata), so the tests hold whatever day they run.

let app: TestApp;
let churchA: ChurchWithSessions;
let churchB: Awaited<ReturnType<typeof createChurch>>;
let teacher: Session;
let principal: Session;
let superAdmin: Session;
let guest: Session;
let teacherB: Session;
let today: string;

beforeAll(async () => {
  app = await startTestApp();
  churchA = await churchWithSessions(app);
  churchB = await createChurch(app.db);
  ({ teacher, principal, super_admin: superAdmin, guest } = churchA.s);
  teacherB = await signIn(app.url, churchB.code, churchB.users.teacher.email);
  today = todayIn('Asia/Kolkata');
});
afterAll(async () => { await app?.close(); });

const ownClass = (students = 3) =>
  createClassWithStudents(app.db, churchA.church.id, { teacherId: churchA.users.teacher.id, students });

const mark = (session: Session, body: unknown) =>
  session.post('/api/attendance/mark', body);

const byDate = (session: Session, classId: string, date: string) =>
  session.get(`/api/attendance/class/${classId}/date/${date}`);

/** Rows stored for a class, straight from the database (through the church's tenant door). */
async function storedRows(churchId: string, classId: string, date?: string) {
  return app.db.withTenant(churchId, (tx) => tx
    .select({ studentId: attendance.studentId, status: attendance.status, date: attendance.date })
    .from(attendance)
    .where(and(eq(attendance.classId, classId), date ? eq(attendance.date, date) : undefined))
    .orderBy(asc(attendance.studentId)));
}

async function rowCount(churchId: string) {
  const [row] = await app.db.withTenant(churchId, (tx) => tx.select({ n: count() }).from(attendance));
  return row.n;
}

const statusOf = (rows: Array<{ student_id: string; status: string }>, id: string) =>
  rows.find((r) => r.student_id === id)?.status;

describe('POST /api/attendance/mark', () => {
  it('marks the teacher\'s own class and answers the counts and the spec message', async () => {
    const { class: cls, students } = await ownClass(3);
    const res = await mark(teacher, {
      classId: cls.id,
      date: today,
      attendanceData: [
        { studentId: students[0].id, status: 'present' },
        { studentId: students[1].id, status: 'present' },
        { studentId: students[2].id, status: 'absent' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Attendance marked successfully!');
    expect(res.body.data).toMatchObject({ marked: 3, present: 2, absent: 1, date: today });

    const read = await byDate(teacher, cls.id, today);
    expect(read.status).toBe(200);
    expect(read.body.data).toHaveLength(3);
    expect(read.body.data[0]).toEqual({
      student_id: students[0].id, status: 'present', marked_at: expect.any(String), marked_by_name: churchA.users.teacher.name,
    });
    expect(statusOf(read.body.data, students[2].id)).toBe('absent');
  });

  it('answers when each mark was written and by whom: the sheet says "Saved at 10:04 by Thomas"', async () => {
    const { class: cls, students } = await ownClass(2);
    const before = Date.now();
    await mark(teacher, { classId: cls.id, date: today, attendanceData: students.map((s) => ({ studentId: s.id, status: 'present' })) });
    const first = (await byDate(teacher, cls.id, today)).body.data as Array<{ marked_at: string; marked_by_name: string }>;
    for (const row of first) {
      expect(row.marked_by_name).toBe(churchA.users.teacher.name);
      expect(row.marked_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
      expect(Date.parse(row.marked_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(row.marked_at)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // The principal saves the sheet again: every mark is now theirs, written later.
    await mark(principal, { classId: cls.id, date: today, attendanceData: students.map((s) => ({ studentId: s.id, status: 'absent' })) });
    const again = (await byDate(teacher, cls.id, today)).body.data as Array<{ marked_at: string; marked_by_name: string }>;
    expect(again.map((row) => row.marked_by_name)).toEqual([churchA.users.principal.name, churchA.users.principal.name]);
    expect(Date.parse(again[0].marked_at)).toBeGreaterThanOrEqual(Date.parse(first[0].marked_at));
  });

  it('is idempotent: marking again updates the rows instead of adding more', async () => {
    const { class: cls, students } = await ownClass(3);
    const first = await mark(teacher, {
      classId: cls.id, date: today,
      attendanceData: students.map((s) => ({ studentId: s.id, status: 'present' })),
    });
    expect(first.status).toBe(200);
    const again = await mark(teacher, {
      classId: cls.id, date: today,
      attendanceData: students.map((s, i) => ({ studentId: s.id, status: i === 0 ? 'absent' : 'present' })),
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ marked: 3, present: 2, absent: 1 });
    const rows = await storedRows(churchA.church.id, cls.id);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.studentId === students[0].id)?.status).toBe('absent');
    // Exactly the same request a third time changes nothing.
    await mark(teacher, {
      classId: cls.id, date: today,
      attendanceData: students.map((s, i) => ({ studentId: s.id, status: i === 0 ? 'absent' : 'present' })),
    });
    expect(await storedRows(churchA.church.id, cls.id)).toEqual(rows);
  });

  it('saves every student of the class: one without a choice is saved absent', async () => {
    const { class: cls, students } = await ownClass(4);
    const res = await mark(teacher, {
      classId: cls.id, date: today, attendanceData: [{ studentId: students[1].id, status: 'present' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ marked: 4, present: 1, absent: 3 });
    const read = await byDate(teacher, cls.id, today);
    expect(read.body.data).toHaveLength(4);
    expect(statusOf(read.body.data, students[1].id)).toBe('present');
    for (const s of [students[0], students[2], students[3]]) expect(statusOf(read.body.data, s.id)).toBe('absent');
  });

  it('an empty attendanceData saves the whole class absent', async () => {
    const { class: cls } = await ownClass(2);
    const res = await mark(teacher, { classId: cls.id, date: today, attendanceData: [] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ marked: 2, present: 0, absent: 2 });
  });

  it('is all-or-nothing: one student id that is not in the class writes nothing', async () => {
    const { class: cls, students } = await ownClass(3);
    const { students: others } = await ownClass(1);
    for (const stranger of [others[0].id, '00000000-0000-4000-8000-000000000000']) {
      const res = await mark(teacher, {
        classId: cls.id, date: today,
        attendanceData: [
          { studentId: students[0].id, status: 'present' },
          { studentId: stranger, status: 'present' },
          { studentId: students[1].id, status: 'present' },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: MESSAGES.attendanceStudentNotInClass });
    }
    expect(await storedRows(churchA.church.id, cls.id)).toEqual([]);
  });

  it('refuses the same student twice in one request', async () => {
    const { class: cls, students } = await ownClass(2);
    const res = await mark(teacher, {
      classId: cls.id, date: today,
      attendanceData: [
        { studentId: students[0].id, status: 'present' },
        { studentId: students[0].id, status: 'absent' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Each student can be marked only once in a request');
    expect(await storedRows(churchA.church.id, cls.id)).toEqual([]);
  });

  it('refuses a date in the future (church time)', async () => {
    const { class: cls, students } = await ownClass(1);
    const res = await mark(teacher, {
      classId: cls.id, date: addDays(today, 1), attendanceData: [{ studentId: students[0].id, status: 'present' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.attendanceFutureDate);
    expect(res.body.reason).toBe('attendance_future_date');
    expect(await storedRows(churchA.church.id, cls.id)).toEqual([]);
  });

  it('refuses a date 15 days old with the spec message, and accepts one 14 days old', async () => {
    const { class: cls, students } = await ownClass(2);
    const tooOld = await mark(teacher, {
      classId: cls.id, date: addDays(today, -15), attendanceData: [{ studentId: students[0].id, status: 'present' }],
    });
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.message).toBe('Cannot edit attendance older than 2 weeks. Please contact administrator.');
    expect(tooOld.body.reason).toBe('attendance_too_old');
    expect(await storedRows(churchA.church.id, cls.id)).toEqual([]);

    const oldest = await mark(teacher, {
      classId: cls.id, date: addDays(today, -14), attendanceData: [{ studentId: students[0].id, status: 'present' }],
    });
    expect(oldest.status).toBe(200);
    expect(oldest.body.data).toMatchObject({ marked: 2, present: 1, absent: 1, date: addDays(today, -14) });
    expect(await storedRows(churchA.church.id, cls.id, addDays(today, -14))).toHaveLength(2);
  });

  it('answers 404 to a teacher marking another teacher\'s class, and writes nothing', async () => {
    const [other] = await app.db.withTenant(churchA.church.id, (tx) => tx.insert(users).values({
      churchId: churchA.church.id, role: 'teacher', name: 'Other Teacher', email: `other-${Date.now()}@a.test`,
    }).returning());
    const { class: cls, students } = await createClassWithStudents(app.db, churchA.church.id, { teacherId: other.id, students: 2 });
    const res = await mark(teacher, {
      classId: cls.id, date: today, attendanceData: [{ studentId: students[0].id, status: 'present' }],
    });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
    expect((await byDate(teacher, cls.id, today)).status).toBe(404);
    expect(await storedRows(churchA.church.id, cls.id)).toEqual([]);

    // An unassigned class is not the teacher's either.
    const { class: unassigned } = await createClassWithStudents(app.db, churchA.church.id, { students: 1 });
    expect((await mark(teacher, { classId: unassigned.id, date: today, attendanceData: [] })).status).toBe(404);
  });

  it('lets the principal and the super admin mark any class of the church', async () => {
    const { class: cls, students } = await ownClass(2);
    const byPrincipal = await mark(principal, {
      classId: cls.id, date: today, attendanceData: [{ studentId: students[0].id, status: 'present' }],
    });
    expect(byPrincipal.status).toBe(200);
    expect(byPrincipal.body.data).toMatchObject({ marked: 2, present: 1, absent: 1 });

    const { class: unassigned } = await createClassWithStudents(app.db, churchA.church.id, { students: 2 });
    const bySuperAdmin = await mark(superAdmin, { classId: unassigned.id, date: addDays(today, -1), attendanceData: [] });
    expect(bySuperAdmin.status).toBe(200);
    expect((await byDate(principal, unassigned.id, addDays(today, -1))).body.data).toHaveLength(2);
  });

  it('refuses a guest (403)', async () => {
    const { class: cls } = await ownClass(1);
    const res = await mark(guest, { classId: cls.id, date: today, attendanceData: [] });
    expect(res.status).toBe(403);
    expect((await byDate(guest, cls.id, today)).status).toBe(403);
  });

  it('refuses a class with no students', async () => {
    const { class: cls } = await ownClass(0);
    const res = await mark(teacher, { classId: cls.id, date: today, attendanceData: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.attendanceNoStudents);
  });

  it('answers bad input with 400 and a clear message', async () => {
    const { class: cls, students } = await ownClass(1);
    const cases: Array<[unknown, string]> = [
      [{ classId: cls.id, date: today, attendanceData: [{ studentId: students[0].id, status: 'late' }] }, "Status must be 'present' or 'absent'"],
      [{ classId: cls.id, date: '2026-02-30', attendanceData: [] }, 'Please choose a valid date (YYYY-MM-DD).'],
      [{ classId: cls.id, attendanceData: [] }, 'Date is required'],
      [{ classId: 'not-a-class', date: today, attendanceData: [] }, 'Class is not valid'],
      [{ classId: cls.id, date: today }, 'attendanceData must be a list of { studentId, status }'],
      [{ classId: cls.id, date: today, attendanceData: [{ studentId: 'x', status: 'present' }] }, 'Student is not valid'],
    ];
    for (const [body, message] of cases) {
      const res = await mark(teacher, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await storedRows(churchA.church.id, cls.id)).toEqual([]);
  });

  it('survives two marks of the same class at the same time (one row per student and date)', async () => {
    const { class: cls, students } = await ownClass(5);
    const [a, b] = await Promise.all([
      mark(teacher, { classId: cls.id, date: today, attendanceData: students.map((s) => ({ studentId: s.id, status: 'present' })) }),
      mark(principal, { classId: cls.id, date: today, attendanceData: students.map((s) => ({ studentId: s.id, status: 'absent' })).reverse() }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await storedRows(churchA.church.id, cls.id, today);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.status)).size).toBe(1); // one request won, whole
  });

  it('is the same procedure over tRPC', async () => {
    const { class: cls, students } = await ownClass(2);
    const res = await teacher.mutate('attendance.mark', {
      classId: cls.id, date: addDays(today, -15), attendanceData: [{ studentId: students[0].id, status: 'present' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.attendanceTooOld);
  });
});

describe('GET /api/attendance/class/{classId}/date/{date}', () => {
  it('answers an empty list when nothing is stored, also for old dates', async () => {
    const { class: cls } = await ownClass(2);
    for (const date of [today, addDays(today, -40)]) {
      const res = await byDate(teacher, cls.id, date);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
    }
  });

  it('answers 400 for an invalid date', async () => {
    const { class: cls } = await ownClass(1);
    for (const date of ['2026-13-01', '2026-02-30', 'yesterday', '20260101']) {
      const res = await byDate(teacher, cls.id, date);
      expect(res.status, date).toBe(400);
      expect(res.body.message).toBe('Please choose a valid date (YYYY-MM-DD).');
    }
  });
});

describe('isolation between churches', () => {
  it('church A cannot mark or read church B\'s class, and nothing is written to B', async () => {
    const b = await createClassWithStudents(app.db, churchB.church.id, { teacherId: churchB.users.teacher.id, students: 2 });
    const bDate = addDays(today, -2);
    const markedByB = await mark(teacherB, {
      classId: b.class.id, date: bDate, attendanceData: [{ studentId: b.students[0].id, status: 'present' }],
    });
    expect(markedByB.status).toBe(200);
    const before = await storedRows(churchB.church.id, b.class.id);
    const bCount = await rowCount(churchB.church.id);

    for (const session of [principal, superAdmin, teacher]) {
      const res = await mark(session, {
        classId: b.class.id, date: today, attendanceData: b.students.map((s) => ({ studentId: s.id, status: 'absent' })),
      });
      expect(res.status).toBe(404);
      const read = await byDate(session, b.class.id, bDate);
      expect(read.status).toBe(404);
      expect(JSON.stringify(read.body)).not.toContain(b.students[0].id);
    }

    // A's own class with B's student ids: refused, nothing written anywhere.
    const a = await ownClass(2);
    const aCount = await rowCount(churchA.church.id);
    const mixed = await mark(principal, {
      classId: a.class.id, date: today,
      attendanceData: [{ studentId: a.students[0].id, status: 'present' }, { studentId: b.students[0].id, status: 'present' }],
    });
    expect(mixed.status).toBe(400);
    expect(await rowCount(churchA.church.id)).toBe(aCount);

    expect(await storedRows(churchB.church.id, b.class.id)).toEqual(before);
    expect(await rowCount(churchB.church.id)).toBe(bCount);

    // B's rows never show up in A's answers.
    await mark(principal, { classId: a.class.id, date: bDate, attendanceData: [] });
    const aRead = await byDate(principal, a.class.id, bDate);
    expect(aRead.body.data.map((r: { student_id: string }) => r.student_id).sort()).toEqual(a.students.map((s) => s.id).sort());
  });

  it('a token of church A sent with church B\'s code is not signed in', async () => {
    const b = await createClassWithStudents(app.db, churchB.church.id, { students: 1 });
    const res = await api(app.url, 'POST', '/api/attendance/mark', {
      token: principal.token, code: churchB.code, body: { classId: b.class.id, date: today, attendanceData: [] },
    });
    expect(res.status).toBe(401);
    expect(await storedRows(churchB.church.id, b.class.id)).toEqual([]);
  });
});
