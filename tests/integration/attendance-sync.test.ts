import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { createChurch, createClassWithStudents } from '../helpers/fixtures.js';
import { churchWithSessions, signIn, type ChurchSession as Session, type ChurchWithSessions } from '../helpers/church-session.js';
import { users } from '../../drizzle/schema/index.js';
import { CLASS_MESSAGES } from '../../common/class-messages.js';
import { ATTENDANCE_SYNC_MAX_MARKS, MESSAGES } from '../../common/constants.js';
import { addDays, todayIn } from '../../common/dates.js';

// POST /api/attendance/sync (attendance.sync): batches of marks a device kept while offline, through
// real HTTP. Dates are relative to the church's today (Asia/Kolkata); tap times are set apart from
// the server's marks by minutes, or read from what is stored, so no assertion depends on timing.

let app: TestApp;
let church: ChurchWithSessions;
let teacher: Session;
let principal: Session;
let superAdmin: Session;
let guest: Session;
let today: string;

beforeAll(async () => {
  app = await startTestApp();
  church = await churchWithSessions(app);
  ({ teacher, principal, super_admin: superAdmin, guest } = church.s);
  today = todayIn('Asia/Kolkata');
});
afterAll(async () => { await app?.close(); });

const ownClass = (students = 3) =>
  createClassWithStudents(app.db, church.church.id, { teacherId: church.users.teacher.id, students });

interface Mark { classId: string; studentId: string; date: string; status: 'present' | 'absent'; tappedAt: string }

/** A time `minutes` from now, as a device writes it. */
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const marksOf = (classId: string, students: Array<{ id: string }>, options: Partial<Mark> = {}): Mark[] =>
  students.map((s, i) => ({
    classId, studentId: s.id, date: today, status: i % 2 === 0 ? 'present' : 'absent', tappedAt: minutesFromNow(-5), ...options,
  }));

const sync = (session: Session, batchId: string, marks: Mark[]) => session.post('/api/attendance/sync', { batchId, marks });

interface StoredMark { student_id: string; date: string; status: string; marked_at: string; marked_by: string | null }

/** A class's stored marks, read as the owner; times to the microsecond in UTC, as the audit writes them. */
const storedMarks = (classId: string) => app.db.ownerQuery<StoredMark>(sql`
  select student_id, date::text as date, status, marked_by,
    to_char(marked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as marked_at
  from attendance where class_id = ${classId} order by student_id, date`);

const batchEntries = (batchId: string) => auditOf(app.db, church.church.id, { action: 'attendance.offline_sync', resourceId: batchId });

const batchRows = (batchId: string) => app.db.ownerQuery<{ user_id: string; answer: unknown; kind: string }>(sql`
  select user_id, answer, jsonb_typeof(answer) as kind from attendance_sync_batches where id = ${batchId}`);

describe('POST /api/attendance/sync', () => {
  it('applies the marks with their tap time and the sender, and answers the counts and the message', async () => {
    const { class: cls, students } = await ownClass(3);
    const batchId = randomUUID();
    const marks = marksOf(cls.id, students);
    const res = await sync(teacher, batchId, marks);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MESSAGES.attendanceSynced });
    expect(res.body.data).toEqual({ batch_id: batchId, applied: 3, kept_newer: 0, refused: [], refused_count: 0, message: MESSAGES.attendanceSynced });

    const stored = await storedMarks(cls.id);
    expect(stored).toHaveLength(3);
    for (const mark of marks) {
      const row = stored.find((r) => r.student_id === mark.studentId);
      expect(row).toMatchObject({ date: today, status: mark.status, marked_by: church.users.teacher.id });
      expect(Date.parse(row!.marked_at)).toBe(Date.parse(mark.tappedAt));
    }
    const [batch] = await batchRows(batchId);
    expect(batch).toMatchObject({ user_id: church.users.teacher.id, kind: 'object', answer: res.body.data });
    const [entry] = await batchEntries(batchId);
    expect(entry).toMatchObject({ resourceType: 'attendance_sync_batch', resourceId: batchId });
    expect(entry.details).toMatchObject({
      by_user_id: church.users.teacher.id, applied: 3, kept_newer: 0, refused: [], kept_newer_marks: [], replaced_marks: [],
    });
  });

  it('applies a batch once: the same batch again answers the first answer and changes nothing', async () => {
    const { class: cls, students } = await ownClass(3);
    const batchId = randomUUID();
    const marks = marksOf(cls.id, students);
    const first = await sync(teacher, batchId, marks);
    expect(first.status).toBe(200);
    const stored = await storedMarks(cls.id);
    // Sent again, even with other marks under the same id (a device never does): the first answer.
    for (const again of [marks, marksOf(cls.id, students, { status: 'absent', tappedAt: minutesFromNow(-1) })]) {
      const res = await sync(teacher, batchId, again);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(first.body.data);
    }
    expect(await storedMarks(cls.id)).toEqual(stored);
    expect(await batchEntries(batchId)).toHaveLength(1);
    expect(await batchRows(batchId)).toHaveLength(1);

    // Over tRPC too.
    const trpc = await teacher.mutate('attendance.sync', { batchId, marks });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data).toEqual(first.body.data);
  });

  it('takes a batch of the most marks allowed (50 students over 10 dates)', async () => {
    const { class: cls, students } = await ownClass(50);
    const marks = Array.from({ length: 10 }, (_, day) => marksOf(cls.id, students, { date: addDays(today, -day) })).flat();
    expect(marks).toHaveLength(ATTENDANCE_SYNC_MAX_MARKS);
    const res = await sync(teacher, randomUUID(), marks);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ applied: ATTENDANCE_SYNC_MAX_MARKS, kept_newer: 0, refused: [] });
    expect(await storedMarks(cls.id)).toHaveLength(ATTENDANCE_SYNC_MAX_MARKS);
  });

  it('applies two identical batches sent at the same time once, and answers both alike', async () => {
    const { class: cls, students } = await ownClass(4);
    const batchId = randomUUID();
    const marks = marksOf(cls.id, students);
    const [a, b] = await Promise.all([sync(teacher, batchId, marks), sync(teacher, batchId, marks)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data).toEqual(b.body.data);
    expect(a.body.data).toMatchObject({ applied: 4, kept_newer: 0 });
    expect(await batchEntries(batchId)).toHaveLength(1);
    expect(await storedMarks(cls.id)).toHaveLength(4);
  });

  it('keeps a stored mark made after the tap, overwrites one made before it, and audits both marks of each', async () => {
    const { class: cls, students } = await ownClass(3);
    const [kept, replaced, fresh] = students;
    // The teacher taps offline; five minutes later a principal marks the class online (every student
    // absent); then the teacher taps one child again, after the principal's mark.
    const tapBefore = minutesFromNow(-5);
    const online = await principal.post('/api/attendance/mark', { classId: cls.id, date: today, attendanceData: [] });
    expect(online.status).toBe(200);
    const principalMarks = await storedMarks(cls.id);
    const principalMarkOf = (id: string) => principalMarks.find((r) => r.student_id === id)!;
    // One millisecond after the principal's stored time (kept to the microsecond): later by the device's clock.
    const tapAfter = new Date(Date.parse(principalMarkOf(replaced.id).marked_at) + 1).toISOString();

    const batchId = randomUUID();
    const res = await sync(teacher, batchId, [
      { classId: cls.id, studentId: kept.id, date: today, status: 'present', tappedAt: tapBefore },
      { classId: cls.id, studentId: replaced.id, date: today, status: 'present', tappedAt: tapAfter },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ applied: 1, kept_newer: 1, refused: [] });

    const stored = await storedMarks(cls.id);
    const storedOf = (id: string) => stored.find((r) => r.student_id === id)!;
    expect(storedOf(kept.id)).toEqual(principalMarkOf(kept.id));
    expect(storedOf(replaced.id)).toMatchObject({ status: 'present', marked_by: church.users.teacher.id });
    expect(Date.parse(storedOf(replaced.id).marked_at)).toBe(Date.parse(tapAfter));
    expect(storedOf(fresh.id)).toEqual(principalMarkOf(fresh.id));

    const [entry] = await batchEntries(batchId);
    expect(entry.details).toMatchObject({
      applied: 1,
      kept_newer: 1,
      kept_newer_marks: [{
        student_id: kept.id, class_id: cls.id, date: today,
        server: { status: 'absent', marked_at: principalMarkOf(kept.id).marked_at, marked_by: church.users.principal.id },
        offline: { status: 'present', tapped_at: tapBefore, effective_at: expect.any(String) },
      }],
      replaced_marks: [{
        student_id: replaced.id, class_id: cls.id, date: today,
        server: { status: 'absent', marked_at: principalMarkOf(replaced.id).marked_at, marked_by: church.users.principal.id },
        offline: { status: 'present', tapped_at: tapAfter, effective_at: storedOf(replaced.id).marked_at },
      }],
    });
    const { offline } = (entry.details as { kept_newer_marks: Array<{ offline: { effective_at: string } }> }).kept_newer_marks[0];
    expect(Date.parse(offline.effective_at)).toBe(Date.parse(tapBefore));
  });

  it('keeps a stored mark made at the very time of the tap', async () => {
    const { class: cls, students } = await ownClass(1);
    const tappedAt = minutesFromNow(-10);
    expect((await sync(teacher, randomUUID(), marksOf(cls.id, students, { status: 'present', tappedAt }))).body.data.applied).toBe(1);
    const res = await sync(principal, randomUUID(), marksOf(cls.id, students, { status: 'absent', tappedAt }));
    expect(res.body.data).toMatchObject({ applied: 0, kept_newer: 1 });
    expect((await storedMarks(cls.id))[0]).toMatchObject({ status: 'present', marked_by: church.users.teacher.id });
  });

  it('clamps a device time in the future to the server\'s clock', async () => {
    const { class: cls, students } = await ownClass(2);
    const tappedAt = minutesFromNow(24 * 60);
    const batchId = randomUUID();
    const res = await sync(teacher, batchId, marksOf(cls.id, students, { tappedAt }));
    expect(res.body.data).toMatchObject({ applied: 2 });
    const [{ future }] = await app.db.ownerQuery<{ future: number }>(sql`
      select count(*)::int as future from attendance where class_id = ${cls.id} and marked_at > now()`);
    expect(future).toBe(0);
    for (const row of await storedMarks(cls.id)) expect(Date.parse(row.marked_at)).toBeLessThan(Date.parse(tappedAt));
    // A later tap by a right clock still wins over the clamped one.
    const later = await sync(principal, randomUUID(), marksOf(cls.id, students.slice(0, 1), { status: 'absent', tappedAt: new Date().toISOString() }));
    expect(later.body.data).toMatchObject({ applied: 1, kept_newer: 0 });
  });

  it('refuses a mark outside the 14-day window with the spec message and applies the others', async () => {
    const { class: cls, students } = await ownClass(3);
    const [old, future, good] = students;
    const batchId = randomUUID();
    const marks: Mark[] = [
      { classId: cls.id, studentId: old.id, date: addDays(today, -15), status: 'present', tappedAt: minutesFromNow(-5) },
      { classId: cls.id, studentId: future.id, date: addDays(today, 1), status: 'absent', tappedAt: minutesFromNow(-5) },
      { classId: cls.id, studentId: good.id, date: addDays(today, -14), status: 'present', tappedAt: minutesFromNow(-5) },
    ];
    const res = await sync(teacher, batchId, marks);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ applied: 1, kept_newer: 0 });
    expect(res.body.data.refused).toEqual([
      { class_id: cls.id, student_id: old.id, date: addDays(today, -15), status: 'present', reason: 'attendance_too_old', message: MESSAGES.attendanceTooOld },
      { class_id: cls.id, student_id: future.id, date: addDays(today, 1), status: 'absent', reason: 'attendance_future_date', message: MESSAGES.attendanceFutureDate },
    ]);
    expect(MESSAGES.attendanceTooOld).toBe('Cannot edit attendance older than 2 weeks. Please contact administrator.');
    expect((await storedMarks(cls.id)).map((r) => [r.student_id, r.date])).toEqual([[good.id, addDays(today, -14)]]);
    const [entry] = await batchEntries(batchId);
    expect((entry.details as { refused: unknown[] }).refused).toEqual([
      { class_id: cls.id, student_id: old.id, date: addDays(today, -15), status: 'present', reason: 'attendance_too_old' },
      { class_id: cls.id, student_id: future.id, date: addDays(today, 1), status: 'absent', reason: 'attendance_future_date' },
    ]);
  });

  it('refuses a teacher\'s mark of another teacher\'s class (class_not_found) and of a student not in the class, and writes nothing for them', async () => {
    const [other] = await app.db.withTenant(church.church.id, (tx) => tx.insert(users).values({
      churchId: church.church.id, role: 'teacher', name: 'Other Teacher', email: `other-${randomUUID()}@sync.test`,
    }).returning());
    const { class: theirs, students: theirStudents } = await createClassWithStudents(app.db, church.church.id, { teacherId: other.id, students: 1 });
    const { class: unassigned, students: unassignedStudents } = await createClassWithStudents(app.db, church.church.id, { students: 1 });
    const { class: mine, students: mine_ } = await ownClass(1);
    const res = await sync(teacher, randomUUID(), [
      { classId: theirs.id, studentId: theirStudents[0].id, date: today, status: 'present', tappedAt: minutesFromNow(-5) },
      { classId: unassigned.id, studentId: unassignedStudents[0].id, date: today, status: 'present', tappedAt: minutesFromNow(-5) },
      { classId: mine.id, studentId: theirStudents[0].id, date: addDays(today, -1), status: 'present', tappedAt: minutesFromNow(-5) },
      { classId: mine.id, studentId: mine_[0].id, date: today, status: 'present', tappedAt: minutesFromNow(-5) },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ applied: 1, kept_newer: 0 });
    expect(res.body.data.refused.map((r: { reason: string; message: string }) => [r.reason, r.message])).toEqual([
      ['class_not_found', CLASS_MESSAGES.notFound],
      ['class_not_found', CLASS_MESSAGES.notFound],
      ['student_not_in_class', MESSAGES.attendanceStudentNotInClass],
    ]);
    expect(await storedMarks(theirs.id)).toEqual([]);
    expect(await storedMarks(unassigned.id)).toEqual([]);
    expect((await storedMarks(mine.id)).map((r) => r.student_id)).toEqual([mine_[0].id]);

    // The principal reaches every class of the church.
    const byPrincipal = await sync(principal, randomUUID(), marksOf(theirs.id, theirStudents));
    expect(byPrincipal.body.data).toMatchObject({ applied: 1, refused: [] });
  });

  it('refuses another church\'s class and student, and leaves that church\'s marks as they were', async () => {
    const victim = await createChurch(app.db);
    const { class: cls, students } = await createClassWithStudents(app.db, victim.church.id, { teacherId: victim.users.teacher.id, students: 2 });
    const victimTeacher = await signIn(app.url, victim.code, victim.users.teacher.email);
    expect((await sync(victimTeacher, randomUUID(), marksOf(cls.id, students))).body.data.applied).toBe(2);
    const before = await storedMarks(cls.id);

    for (const session of [superAdmin, teacher]) {
      const res = await sync(session, randomUUID(), marksOf(cls.id, students, { status: 'absent', tappedAt: new Date().toISOString() }));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ applied: 0, kept_newer: 0 });
      expect(res.body.data.refused.map((r: { reason: string }) => r.reason)).toEqual(['class_not_found', 'class_not_found']);
    }
    expect(await storedMarks(cls.id)).toEqual(before);
  });

  it('gives a batch id of each church its own ledger: another church\'s batch id is a new batch here', async () => {
    const other = await createChurch(app.db);
    const { class: otherClass, students: otherStudents } = await createClassWithStudents(app.db, other.church.id, { teacherId: other.users.teacher.id, students: 2 });
    const otherTeacher = await signIn(app.url, other.code, other.users.teacher.email);
    const batchId = randomUUID();
    const theirs = await sync(otherTeacher, batchId, marksOf(otherClass.id, otherStudents));
    expect(theirs.body.data).toMatchObject({ applied: 2 });
    const { class: cls, students } = await ownClass(1);
    const ours = await sync(teacher, batchId, marksOf(cls.id, students));
    expect(ours.status).toBe(200);
    expect(ours.body.data).toMatchObject({ batch_id: batchId, applied: 1 });
    expect(await storedMarks(cls.id)).toHaveLength(1);
    expect(await app.db.ownerQuery(sql`select church_id from attendance_sync_batches where id = ${batchId}`)).toHaveLength(2);
  });

  it('answers 409 to another user sending a batch id already used, and writes nothing', async () => {
    const { class: cls, students } = await ownClass(2);
    const batchId = randomUUID();
    const first = await sync(teacher, batchId, marksOf(cls.id, students));
    expect(first.status).toBe(200);
    const stored = await storedMarks(cls.id);
    const res = await sync(principal, batchId, marksOf(cls.id, students, { status: 'absent', tappedAt: new Date().toISOString() }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: MESSAGES.attendanceBatchOfAnotherUser, reason: 'batch_of_another_user' });
    expect(await storedMarks(cls.id)).toEqual(stored);
    expect(await batchEntries(batchId)).toHaveLength(1);
    expect(await batchRows(batchId)).toMatchObject([{ user_id: church.users.teacher.id }]);
  });

  it('refuses a guest (403) and bad input (400), writing nothing', async () => {
    const { class: cls, students } = await ownClass(1);
    const batchId = randomUUID();
    expect((await sync(guest, batchId, marksOf(cls.id, students))).status).toBe(403);
    const mark = marksOf(cls.id, students)[0];
    const cases: Array<[unknown, string]> = [
      [{ batchId, marks: [mark, { ...mark, status: 'absent' }] }, 'Each student can be marked only once per date in a batch'],
      [{ batchId, marks: [] }, 'A batch needs at least one mark'],
      [{ batchId: 'not-a-batch', marks: [mark] }, 'Batch is not valid'],
      [{ batchId, marks: [{ ...mark, tappedAt: '2026-11-22 09:15' }] }, 'tappedAt must be a date and time (ISO 8601, e.g. 2026-11-22T09:15:00.000Z)'],
    ];
    for (const [body, message] of cases) {
      const res = await teacher.post('/api/attendance/sync', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await storedMarks(cls.id)).toEqual([]);
    expect(await batchRows(batchId)).toEqual([]);
  });

  it('does not stop a user from being deleted: their batches go with them, their marks stay', async () => {
    const { class: cls, students } = await ownClass(1);
    const [leaving] = await app.db.withTenant(church.church.id, (tx) => tx.insert(users).values({
      churchId: church.church.id, role: 'principal', name: 'Leaving Principal', email: `leaving-${randomUUID()}@sync.test`,
      passwordHash: null,
    }).returning());
    const batchId = randomUUID();
    // Written as the church would (the tenant door), in the leaving user's name.
    await app.db.withTenant(church.church.id, (tx) => tx.execute(sql`
      insert into attendance_sync_batches (church_id, id, user_id, answer) values (${church.church.id}, ${batchId}, ${leaving.id}, '{}'::jsonb)`));
    expect((await sync(teacher, randomUUID(), marksOf(cls.id, students))).status).toBe(200);
    const res = await superAdmin.delete(`/api/users/${leaving.id}`);
    expect(res.status).toBe(200);
    expect(await batchRows(batchId)).toEqual([]);
    expect(await storedMarks(cls.id)).toHaveLength(1);
  });
});

describe('the batch ledger, as the tenant role', () => {
  it('may claim, read and answer a batch, but neither move it to another user nor remove it', async () => {
    const { class: cls, students } = await ownClass(1);
    const batchId = randomUUID();
    expect((await sync(teacher, batchId, marksOf(cls.id, students))).status).toBe(200);
    const denied = (statement: ReturnType<typeof sql>) => app.db.withTenant(church.church.id, (tx) => tx.execute(statement))
      .then(() => 'allowed', (error: unknown) => String((error as { cause?: unknown }).cause ?? error));
    expect(await denied(sql`update attendance_sync_batches set user_id = ${church.users.principal.id} where id = ${batchId}`)).toMatch(/permission denied/);
    expect(await denied(sql`delete from attendance_sync_batches where id = ${batchId}`)).toMatch(/permission denied/);
    expect(await batchRows(batchId)).toMatchObject([{ user_id: church.users.teacher.id, kind: 'object' }]);
  });
});
