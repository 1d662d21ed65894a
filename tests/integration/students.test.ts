import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attendance, students, users } from '../../drizzle/schema/index.js';
import { STUDENT_MESSAGES } from '../../common/schemas/students.js';
import { CLASS_MESSAGES } from '../../common/class-messages.js';
import { addDays, todayIn } from '../../common/dates.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createChurch, type Json } from '../helpers/fixtures.js';
import { churchWithSessions, signIn, type ChurchSession as Session } from '../helpers/church-session.js';
import { addClass, CLASS_YEAR as YEAR } from '../helpers/classes-api.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const TZ = 'Asia/Kolkata'; // the fixture churches' time zone (the column default)

/** A church with sessions for every role and a second teacher who can sign in (with the first
 * teacher's password). */
async function churchWithTwoTeachers() {
  const made = await churchWithSessions(app);
  const [{ passwordHash }] = await app.db.withTenant(made.church.id, (tx) =>
    tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, made.users.teacher.id)));
  const [otherTeacher] = await app.db.withTenant(made.church.id, (tx) => tx.insert(users).values({
    churchId: made.church.id, role: 'teacher', name: 'Second Teacher', email: `t2@${made.code.toLowerCase()}.test`, passwordHash,
  }).returning());
  const teacher2 = await signIn(app.url, made.code, otherTeacher.email);
  const { super_admin: admin, principal, teacher, guest } = made.s;
  return { ...made, admin, principal, teacher, guest, teacher2, otherTeacher };
}

const student = (classId: string, extra: Record<string, unknown> = {}) => ({
  name: 'Anna Joseph', parent_phone: '+91 98765 43210', date_of_birth: '2016-03-15', class_id: classId, ...extra,
});

async function addStudent(s: Session, classId: string, extra: Record<string, unknown> = {}) {
  const res = await s.post('/api/students', student(classId, extra));
  expect(res.status, res.body.message).toBe(201);
  return res.body.data;
}

const countStudents = async (churchId: string) =>
  (await app.db.withTenant(churchId, (tx) => tx.select().from(students))).length;

let c: Awaited<ReturnType<typeof churchWithTwoTeachers>>;
let own: Json; let others: Json; let unassigned: Json;
beforeAll(async () => {
  c = await churchWithTwoTeachers();
  own = await addClass(c.admin, { class_name: '3rd', section: 'A', teacher_id: c.users.teacher.id });
  others = await addClass(c.admin, { class_name: '4th', teacher_id: c.otherTeacher.id });
  unassigned = await addClass(c.admin, { class_name: 'LKG', academic_year: '2024-2025' });
});

describe('POST /api/students', () => {
  it('adds a student with the class\'s year, the first roll number and the computed age', async () => {
    const res = await c.admin.post('/api/students', student(own.id, { parent_email: 'Parent@Example.org' }));
    expect(res.status).toBe(201);
    const today = todayIn(TZ);
    const age = Number(today.slice(0, 4)) - 2016 - (today.slice(5) < '03-15' ? 1 : 0);
    expect(res.body.data).toEqual({
      id: expect.any(String), name: 'Anna Joseph', parent_phone: '+919876543210', parent_email: 'Parent@Example.org',
      date_of_birth: '2016-03-15', age, class_id: own.id, class_name: '3rd', class_section: 'A',
      roll_number: 1, academic_year: YEAR, active: true,
      // A new child has no enrolment consent yet.
      consent_missing: true,
    });
  });

  it('stores a blank parent email as null and trims the fields', async () => {
    for (const parent_email of ['', '   ', null, undefined]) {
      const row = await addStudent(c.principal, own.id, { parent_email, name: '  Ben  ' });
      expect(row.parent_email).toBeNull();
      expect(row.name).toBe('Ben');
    }
  });

  it('numbers the students of a class 1, 2, 3 ... and each class on its own', async () => {
    const a = await addClass(c.admin, { class_name: '5th', section: 'Roll' });
    const b = await addClass(c.admin, { class_name: '6th', section: 'Roll' });
    const rolls = [];
    for (let i = 0; i < 3; i++) rolls.push((await addStudent(c.admin, a.id)).roll_number);
    expect(rolls).toEqual([1, 2, 3]);
    expect((await addStudent(c.admin, b.id)).roll_number).toBe(1);
  });

  it('computes the age in whole years on the church\'s today', async () => {
    const today = todayIn(TZ);
    const tenYearsAgo = `${Number(today.slice(0, 4)) - 10}${today.slice(4)}`;
    const birthdayToday = await addStudent(c.admin, own.id, { date_of_birth: tenYearsAgo.endsWith('02-29') ? addDays(tenYearsAgo, -1) : tenYearsAgo });
    expect(birthdayToday.age).toBe(10);
    const tomorrowTenYearsAgo = addDays(`${Number(today.slice(0, 4)) - 10}${today.slice(4).replace('02-29', '02-28')}`, 1);
    expect((await addStudent(c.admin, own.id, { date_of_birth: tomorrowTenYearsAgo })).age).toBe(9);
    expect((await addStudent(c.admin, own.id, { date_of_birth: today })).age).toBe(0);
  });

  it('refuses a date of birth after the church\'s today', async () => {
    const before = await countStudents(c.church.id);
    for (const date_of_birth of [addDays(todayIn(TZ), 1), '2999-01-01']) {
      const res = await c.admin.post('/api/students', student(own.id, { date_of_birth }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(STUDENT_MESSAGES.dateOfBirthFuture);
    }
    expect(await countStudents(c.church.id)).toBe(before);
  });

  it.each([
    [{ name: undefined }, STUDENT_MESSAGES.nameRequired],
    [{ name: '   ' }, STUDENT_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(101) }, STUDENT_MESSAGES.nameTooLong],
    [{ name: 42 }, STUDENT_MESSAGES.nameInvalid],
    [{ name: null }, STUDENT_MESSAGES.nameRequired],
    [{ parent_phone: 9847012345 }, STUDENT_MESSAGES.parentPhoneInvalid],
    [{ parent_email: 12 }, STUDENT_MESSAGES.parentEmailInvalid],
    [{ date_of_birth: 20160315 }, STUDENT_MESSAGES.dateOfBirthInvalid],
    [{ class_id: 3 }, STUDENT_MESSAGES.classInvalid],
    [{ parent_phone: undefined }, STUDENT_MESSAGES.parentPhoneRequired],
    [{ parent_phone: '' }, STUDENT_MESSAGES.parentPhoneRequired],
    [{ parent_phone: 'call me' }, STUDENT_MESSAGES.parentPhoneInvalid],
    [{ parent_phone: '12345' }, STUDENT_MESSAGES.parentPhoneInvalid],
    [{ parent_email: 'not-an-email' }, STUDENT_MESSAGES.parentEmailInvalid],
    [{ parent_email: 'a@b' }, STUDENT_MESSAGES.parentEmailInvalid],
    [{ date_of_birth: undefined }, STUDENT_MESSAGES.dateOfBirthRequired],
    [{ date_of_birth: '' }, STUDENT_MESSAGES.dateOfBirthRequired],
    [{ date_of_birth: '2016-02-30' }, STUDENT_MESSAGES.dateOfBirthInvalid],
    [{ date_of_birth: '15/03/2016' }, STUDENT_MESSAGES.dateOfBirthInvalid],
    [{ date_of_birth: '2016-13-01' }, STUDENT_MESSAGES.dateOfBirthInvalid],
    [{ date_of_birth: '1899-12-31' }, STUDENT_MESSAGES.dateOfBirthTooEarly],
    [{ class_id: undefined }, STUDENT_MESSAGES.classRequired],
    [{ class_id: '' }, STUDENT_MESSAGES.classRequired],
    [{ class_id: 'class-1' }, STUDENT_MESSAGES.classInvalid],
    [{ academic_year: '2025' }, CLASS_MESSAGES.academicYearInvalid],
  ])('refuses %j with 400 and the message, writing nothing', async (change, message) => {
    const before = await countStudents(c.church.id);
    const res = await c.admin.post('/api/students', student(own.id, change));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    expect(await countStudents(c.church.id)).toBe(before);
  });

  it('refuses an academic year other than the class\'s', async () => {
    const res = await c.admin.post('/api/students', student(own.id, { academic_year: '2024-2025' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`The chosen class belongs to academic year ${YEAR}.`);
    expect((await addStudent(c.admin, own.id, { academic_year: YEAR })).academic_year).toBe(YEAR);
  });

  it('answers 404 for a class that does not exist', async () => {
    const res = await c.admin.post('/api/students', student('00000000-0000-4000-8000-000000000000'));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(CLASS_MESSAGES.notFound);
  });

  it('lets a teacher add to own classes only; guests not at all', async () => {
    const row = await addStudent(c.teacher, own.id, { name: 'By Teacher' });
    expect(row.class_id).toBe(own.id);
    for (const cls of [others, unassigned]) {
      const res = await c.teacher.post('/api/students', student(cls.id));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(CLASS_MESSAGES.notFound);
    }
    expect((await c.guest.post('/api/students', student(own.id))).status).toBe(403);
  });
});

describe('roll numbers under concurrency', () => {
  it('gives 10 parallel adds to one class 10 different numbers, following the existing ones', async () => {
    const cls = await addClass(c.admin, { class_name: '7th', section: 'Parallel' });
    await addStudent(c.admin, cls.id);
    await addStudent(c.admin, cls.id);
    const sessions = [c.admin, c.principal, c.teacher];
    await c.admin.put(`/api/classes/${cls.id}`, { teacher_id: c.users.teacher.id });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) =>
      sessions[i % 3].post('/api/students', student(cls.id, { name: `Parallel ${i}` }))));
    for (const r of results) expect(r.status, r.body.message).toBe(201);
    expect(results.map((r) => r.body.data.roll_number).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const stored = await c.admin.get(`/api/students/class/${cls.id}`);
    expect(stored.body.data.map((s: Json) => s.roll_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('keeps numbers unique when students are moved into a class while others are added to it', async () => {
    const target = await addClass(c.admin, { class_name: '8th', section: 'Target' });
    const source = await addClass(c.admin, { class_name: '8th', section: 'Source' });
    const movers = [];
    for (let i = 0; i < 4; i++) movers.push(await addStudent(c.admin, source.id, { name: `Mover ${i}` }));
    const results = await Promise.all([
      ...movers.map((m) => c.principal.put(`/api/students/${m.id}`, { class_id: target.id })),
      ...Array.from({ length: 4 }, (_, i) => c.admin.post('/api/students', student(target.id, { name: `New ${i}` }))),
    ]);
    for (const r of results) expect([200, 201], r.body.message).toContain(r.status);
    const stored = await c.admin.get(`/api/students/class/${target.id}`);
    expect(stored.body.data.map((s: Json) => s.roll_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('a class edited while students are added to it', () => {
  it('keeps every student in the class\'s academic year', async () => {
    const cls = await addClass(c.admin, { class_name: '9th', section: 'Edited', academic_year: '2031-2032' });
    await addStudent(c.admin, cls.id);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => c.admin.post('/api/students', student(cls.id, { name: `Added ${i}` }))),
      c.principal.put(`/api/classes/${cls.id}`, { academic_year: '2032-2033' }),
      c.principal.put(`/api/classes/${cls.id}`, { section: 'Edited Again' }),
    ]);
    for (const r of results) expect([200, 201], r.body.message).toContain(r.status);
    const list = await c.admin.get(`/api/students/class/${cls.id}`);
    expect(list.body.data.map((s: Json) => s.academic_year)).toEqual(Array(5).fill('2032-2033'));
    expect(list.body.data.map((s: Json) => s.roll_number)).toEqual([1, 2, 3, 4, 5]);
    const classes = await c.admin.get('/api/classes?academic_year=2032-2033');
    expect(classes.body.data.find((r: Json) => r.id === cls.id)).toMatchObject({ section: 'Edited Again', student_count: 5 });
  });
});

describe('PUT /api/students/{id}', () => {
  it('edits fields; fields left out keep their values; a blank email clears it', async () => {
    const row = await addStudent(c.admin, own.id, { parent_email: 'old@example.org' });
    const res = await c.principal.put(`/api/students/${row.id}`, {
      name: 'New Name', parent_phone: '0484 123 4567', date_of_birth: '2015-01-02',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: row.id, name: 'New Name', parent_phone: '+914841234567', parent_email: 'old@example.org',
      date_of_birth: '2015-01-02', roll_number: row.roll_number, class_id: own.id,
    });
    const cleared = await c.principal.put(`/api/students/${row.id}`, { parent_email: '' });
    expect(cleared.body.data).toMatchObject({ parent_email: null, name: 'New Name' });
    const same = await c.principal.put(`/api/students/${row.id}`, { class_id: own.id, name: 'Same Class' });
    expect(same.body.data).toMatchObject({ roll_number: row.roll_number, name: 'Same Class' });
  });

  it('moves a student to another class with the next roll number there and that class\'s year', async () => {
    const target = await addClass(c.admin, { class_name: '9th', academic_year: '2026-2027' });
    await addStudent(c.admin, target.id);
    await addStudent(c.admin, target.id);
    const row = await addStudent(c.admin, own.id);
    const res = await c.admin.put(`/api/students/${row.id}`, { class_id: target.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ class_id: target.id, class_name: '9th', roll_number: 3, academic_year: '2026-2027' });
    const mismatch = await c.admin.put(`/api/students/${row.id}`, { class_id: own.id, academic_year: '2026-2027' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(`The chosen class belongs to academic year ${YEAR}.`);
  });

  it('refuses bad values with 400 and changes nothing', async () => {
    const row = await addStudent(c.admin, own.id, { name: 'Unchanged' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, STUDENT_MESSAGES.nameRequired],
      [{ parent_email: 'nope' }, STUDENT_MESSAGES.parentEmailInvalid],
      [{ date_of_birth: addDays(todayIn(TZ), 1), name: 'Changed' }, STUDENT_MESSAGES.dateOfBirthFuture],
      [{ date_of_birth: '2020-02-31' }, STUDENT_MESSAGES.dateOfBirthInvalid],
      [{ class_id: 'x' }, STUDENT_MESSAGES.classInvalid],
      [{ parent_phone: '' }, STUDENT_MESSAGES.parentPhoneRequired],
    ];
    for (const [body, message] of cases) {
      const res = await c.admin.put(`/api/students/${row.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const stored = await c.admin.get(`/api/students/class/${own.id}`);
    expect(stored.body.data.find((s: Json) => s.id === row.id)).toMatchObject({ name: 'Unchanged', date_of_birth: '2016-03-15' });
  });

  it('lets a teacher edit students of own classes only, and not move them into another\'s class', async () => {
    const mine = await addStudent(c.admin, own.id);
    const theirs = await addStudent(c.admin, others.id);
    const ok = await c.teacher.put(`/api/students/${mine.id}`, { name: 'Edited by teacher' });
    expect(ok.status).toBe(200);
    const notMine = await c.teacher.put(`/api/students/${theirs.id}`, { name: 'Hijack' });
    expect(notMine.status).toBe(404);
    expect(notMine.body.message).toBe(STUDENT_MESSAGES.notFound);
    const moveAway = await c.teacher.put(`/api/students/${mine.id}`, { class_id: others.id });
    expect(moveAway.status).toBe(404);
    expect(moveAway.body.message).toBe(CLASS_MESSAGES.notFound);
    const stored = await c.admin.get(`/api/students?class_id=${others.id}`);
    expect(stored.body.data.find((s: Json) => s.id === theirs.id).name).toBe('Anna Joseph');
    expect((await c.guest.put(`/api/students/${mine.id}`, { name: 'Guest' })).status).toBe(403);
  });

  it('answers 404 for an unknown student and 400 for a malformed id', async () => {
    const unknown = await c.admin.put('/api/students/00000000-0000-4000-8000-000000000000', { name: 'X' });
    expect(unknown.status).toBe(404);
    const malformed = await c.admin.put('/api/students/42', { name: 'X' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(STUDENT_MESSAGES.idInvalid);
  });
});

describe('DELETE /api/students/{id}', () => {
  it('is for super_admin and principal; the attendance goes with the student', async () => {
    const a = await addStudent(c.admin, own.id);
    const b = await addStudent(c.admin, own.id);
    await app.db.withTenant(c.church.id, (tx) => tx.insert(attendance).values({
      churchId: c.church.id, studentId: a.id, classId: own.id, date: todayIn(TZ), status: 'present',
    }));
    for (const s of [c.teacher, c.guest]) expect((await s.delete(`/api/students/${a.id}`)).status).toBe(403);
    const res = await c.principal.delete(`/api/students/${a.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: a.id, message: STUDENT_MESSAGES.deleted });
    expect((await c.admin.delete(`/api/students/${b.id}`)).status).toBe(200);
    expect((await c.admin.delete(`/api/students/${a.id}`)).status).toBe(404);
    const left = await app.db.withTenant(c.church.id, (tx) => tx.select().from(attendance).where(eq(attendance.studentId, a.id)));
    expect(left).toEqual([]);
  });

  it('does not reuse a deleted student\'s roll number for a newer one... unless it was the highest', async () => {
    const cls = await addClass(c.admin, { class_name: '10th', section: 'Gaps' });
    const [one, two, three] = [await addStudent(c.admin, cls.id), await addStudent(c.admin, cls.id), await addStudent(c.admin, cls.id)];
    await c.admin.delete(`/api/students/${two.id}`);
    expect((await addStudent(c.admin, cls.id)).roll_number).toBe(4);
    expect([one.roll_number, three.roll_number]).toEqual([1, 3]);
  });
});

describe('GET /api/students and its filters', () => {
  let d: Awaited<ReturnType<typeof churchWithTwoTeachers>>;
  let a: Json; let b: Json; let old: Json;
  beforeAll(async () => {
    d = await churchWithTwoTeachers();
    a = await addClass(d.admin, { class_name: '1st', teacher_id: d.users.teacher.id });
    b = await addClass(d.admin, { class_name: 'UKG', teacher_id: d.otherTeacher.id });
    old = await addClass(d.admin, { class_name: '2nd', academic_year: '2024-2025', teacher_id: d.users.teacher.id });
    await addStudent(d.admin, a.id, { name: 'Maria Thomas', parent_phone: '+91 98470 11111', parent_email: 'maria.parent@example.org' });
    await addStudent(d.admin, a.id, { name: 'John Mathew', parent_phone: '0484-2222222' });
    await addStudent(d.admin, b.id, { name: 'Sara George', parent_phone: '9847033333', parent_email: 'GEORGE@Example.org' });
    await addStudent(d.admin, old.id, { name: 'Old Boy 100%', parent_phone: '+44 20 7946 0958' });
  });

  const names = (res: Json) => res.body.data.map((s: Json) => s.name);

  it('lists every student for super_admin and principal, by year, school order of classes and roll number', async () => {
    for (const s of [d.admin, d.principal]) {
      const res = await s.get('/api/students');
      expect(res.status).toBe(200);
      expect(names(res)).toEqual(['Sara George', 'Maria Thomas', 'John Mathew', 'Old Boy 100%']);
    }
  });

  it('filters by academic year and class; empty filters mean all', async () => {
    expect(names(await d.admin.get('/api/students?academic_year=2024-2025'))).toEqual(['Old Boy 100%']);
    expect(names(await d.admin.get(`/api/students?class_id=${a.id}`))).toEqual(['Maria Thomas', 'John Mathew']);
    expect(names(await d.admin.get(`/api/students?class_id=${a.id}&academic_year=2024-2025`))).toEqual([]);
    expect(names(await d.admin.get('/api/students?academic_year=&class_id=&search='))).toHaveLength(4);
    const bad = await d.admin.get('/api/students?academic_year=2024-2027');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(CLASS_MESSAGES.academicYearInvalid);
    const badClass = await d.admin.get('/api/students?class_id=7');
    expect(badClass.status).toBe(400);
  });

  it('searches name, parent phone and parent email without regard to case', async () => {
    const search = async (q: string) => names(await d.admin.get(`/api/students?search=${encodeURIComponent(q)}`));
    expect(await search('maria')).toEqual(['Maria Thomas']);
    expect(await search('MATHEW')).toEqual(['John Mathew']);
    expect(await search('george@')).toEqual(['Sara George']);
    expect(await search('example.ORG')).toEqual(['Sara George', 'Maria Thomas']);
    expect(await search('98470')).toEqual(['Sara George', 'Maria Thomas']);
    expect(await search('98470 11111')).toEqual(['Maria Thomas']); // the digits, whatever the spacing
    expect(await search('0484-22')).toEqual(['John Mathew']);
    expect(await search('100%')).toEqual(['Old Boy 100%']);
    expect(await search('%')).toEqual(['Old Boy 100%']); // wildcards are plain characters
    expect(await search('_')).toEqual([]);
    expect(await search('nobody')).toEqual([]);
    const tooLong = await d.admin.get(`/api/students?search=${'x'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(STUDENT_MESSAGES.searchTooLong);
  });

  it('shows a teacher only the students of own classes', async () => {
    expect(names(await d.teacher.get('/api/students'))).toEqual(['Maria Thomas', 'John Mathew', 'Old Boy 100%']);
    expect(names(await d.teacher2.get('/api/students'))).toEqual(['Sara George']);
    expect(names(await d.teacher.get('/api/students?search=sara'))).toEqual([]);
    const otherClass = await d.teacher.get(`/api/students?class_id=${b.id}`);
    expect(otherClass.status).toBe(404);
    expect((await d.guest.get('/api/students')).status).toBe(403);
  });

  it('GET /api/students/class/{classId}: one class by roll number, own classes only for teachers', async () => {
    const res = await d.teacher.get(`/api/students/class/${a.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: Json) => [s.roll_number, s.name])).toEqual([[1, 'Maria Thomas'], [2, 'John Mathew']]);
    expect(res.body.data[0]).toMatchObject({ class_name: '1st', class_section: '', academic_year: YEAR, parent_email: 'maria.parent@example.org' });
    expect((await d.teacher.get(`/api/students/class/${b.id}`)).status).toBe(404);
    expect((await d.principal.get(`/api/students/class/${b.id}`)).body.data).toHaveLength(1);
    expect((await d.principal.get('/api/students/class/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await d.principal.get('/api/students/class/nope')).status).toBe(400);
  });

  it('GET /api/students/classes/available: the classes the user may put students in', async () => {
    const all = await d.principal.get('/api/students/classes/available');
    expect(all.body.data.map((r: Json) => r.id)).toEqual([b.id, a.id, old.id]);
    const year = await d.admin.get(`/api/students/classes/available?academic_year=${YEAR}`);
    expect(year.body.data.map((r: Json) => r.id)).toEqual([b.id, a.id]);
    const teacher = await d.teacher.get(`/api/students/classes/available?academic_year=${YEAR}`);
    expect(teacher.body.data).toEqual([expect.objectContaining({ id: a.id, class_name: '1st', student_count: 2 })]);
    expect((await d.guest.get('/api/students/classes/available')).status).toBe(403);
  });
});

describe('isolation between churches', () => {
  it('answers 404 for another church\'s student and class ids and never returns its rows', async () => {
    const other = await churchWithTwoTeachers();
    const foreignClass = await addClass(other.admin, { class_name: '3rd', teacher_id: other.users.teacher.id });
    const foreign = await addStudent(other.admin, foreignClass.id, { name: 'Foreign Child', parent_email: 'foreign@example.org' });

    const put = await c.admin.put(`/api/students/${foreign.id}`, { name: 'Hacked' });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ success: false, message: STUDENT_MESSAGES.notFound });
    expect((await c.admin.delete(`/api/students/${foreign.id}`)).status).toBe(404);
    expect((await c.admin.get(`/api/students/class/${foreignClass.id}`)).status).toBe(404);
    expect((await c.admin.get(`/api/students?class_id=${foreignClass.id}`)).status).toBe(404);
    const into = await c.admin.post('/api/students', student(foreignClass.id));
    expect(into.status).toBe(404);
    const moveInto = await c.admin.put(`/api/students/${(await addStudent(c.admin, own.id)).id}`, { class_id: foreignClass.id });
    expect(moveInto.status).toBe(404);

    for (const path of ['/api/students', '/api/students?search=foreign', '/api/students/classes/available']) {
      const res = await c.admin.get(path);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body.data)).not.toContain(foreign.id);
      expect(JSON.stringify(res.body.data)).not.toContain('Foreign Child');
      expect(JSON.stringify(res.body.data)).not.toContain(foreignClass.id);
    }
    const theirs = await other.admin.get(`/api/students/class/${foreignClass.id}`);
    expect(theirs.body.data).toEqual([expect.objectContaining({ id: foreign.id, name: 'Foreign Child', roll_number: 1 })]);
  });
});

describe('a church whose subscription is invalid', () => {
  it('cannot reach classes or students (403 with the reason)', async () => {
    const expired = await createChurch(app.db, { tier: 'free', endDate: new Date(Date.now() - 86_400_000) });
    const s = await signIn(app.url, expired.code, expired.users.principal.email);
    for (const path of ['/api/students', '/api/classes']) {
      const res = await s.get(path);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, message: 'Free trial period ended', reason: 'subscription_trial_ended' });
    }
  });
});
