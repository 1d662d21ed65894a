import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { attendance, classes, students, users } from '../../drizzle/schema/index.js';
import { DEFAULT_CLASS_NAMES as CLASS_NAMES } from '../../common/school.js';
import { CLASS_MESSAGES } from '../../common/class-messages.js';
import { todayIn } from '../../common/dates.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, type Json } from '../helpers/fixtures.js';
import { churchWithSessions, type ChurchSession as Session } from '../helpers/church-session.js';
import { addClass, CLASS_YEAR as YEAR } from '../helpers/classes-api.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

/** A church with a session per role (guest included), a second teacher and an inactive one. */
async function churchWithTeachers() {
  const made = await churchWithSessions(app);
  const [otherTeacher, inactiveTeacher] = await app.db.withTenant(made.church.id, (tx) => tx.insert(users).values([
    { churchId: made.church.id, role: 'teacher', name: 'Second Teacher', email: `t2@${made.code.toLowerCase()}.test` },
    { churchId: made.church.id, role: 'teacher', name: 'Gone Teacher', email: `t3@${made.code.toLowerCase()}.test`, isActive: false },
  ]).returning());
  const { super_admin: admin, principal, teacher, guest } = made.s;
  return { ...made, admin, principal, teacher, guest, otherTeacher, inactiveTeacher };
}

async function addStudent(s: Session, classId: string, name = 'Student') {
  const res = await s.post('/api/students', {
    name, parent_phone: '+91 98765 43210', date_of_birth: '2015-04-01', class_id: classId,
  });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data;
}

let c: Awaited<ReturnType<typeof churchWithTeachers>>;
beforeAll(async () => { c = await churchWithTeachers(); });

describe('POST /api/classes', () => {
  it('adds a class with a teacher and answers the full row', async () => {
    const res = await c.admin.post('/api/classes', {
      class_name: '3rd', section: '  A  ', teacher_id: c.users.teacher.id, academic_year: YEAR,
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toEqual({
      id: expect.any(String), class_name: '3rd', section: 'A', teacher_id: c.users.teacher.id,
      teacher_name: c.users.teacher.name, teacher_email: c.users.teacher.email, academic_year: YEAR, student_count: 0,
    });
  });

  it('lets a principal add a class without section or teacher (stored as \'\' and null)', async () => {
    const variants = [{}, { section: '', teacher_id: '' }, { section: '   ', teacher_id: null }];
    for (const [i, extra] of variants.entries()) {
      const res = await c.principal.post('/api/classes', { class_name: '4th', academic_year: `${2001 + i}-${2002 + i}`, ...extra });
      expect(res.status, res.body.message).toBe(201);
      expect(res.body.data).toMatchObject({ section: '', teacher_id: null, teacher_name: null, teacher_email: null });
    }
  });

  it('accepts every listed class name and normalises their spelling', async () => {
    for (const name of CLASS_NAMES) {
      const row = await addClass(c.principal, { class_name: name.toUpperCase(), academic_year: '2030-2031' });
      expect(row.class_name).toBe(name);
    }
  });

  it('refuses teachers and guests (403) and anonymous callers (401)', async () => {
    for (const s of [c.teacher, c.guest]) {
      const res = await s.post('/api/classes', { class_name: '1st', academic_year: YEAR });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, message: 'You do not have permission to do this.' });
    }
    const anonymous = await api(app.url, 'POST', '/api/classes', { body: { class_name: '1st', academic_year: YEAR } });
    expect(anonymous.status).toBe(401);
  });

  it.each([
    [{ academic_year: YEAR }, CLASS_MESSAGES.classNameRequired],
    [{ class_name: '  ', academic_year: YEAR }, CLASS_MESSAGES.classNameRequired],
    [{ class_name: 'Grade 1', academic_year: YEAR }, CLASS_MESSAGES.classNameInvalid],
    [{ class_name: '13th', academic_year: YEAR }, CLASS_MESSAGES.classNameInvalid],
    [{ class_name: 7, academic_year: YEAR }, CLASS_MESSAGES.classNameInvalid],
    [{ class_name: null, academic_year: YEAR }, CLASS_MESSAGES.classNameRequired],
    [{ class_name: '1st', academic_year: 2025 }, CLASS_MESSAGES.academicYearInvalid],
    [{ class_name: '1st', academic_year: YEAR, section: 5 }, CLASS_MESSAGES.sectionInvalid],
    [{ class_name: '1st', academic_year: YEAR, teacher_id: 5 }, CLASS_MESSAGES.teacherInvalid],
    [{ class_name: '1st' }, CLASS_MESSAGES.academicYearRequired],
    [{ class_name: '1st', academic_year: '' }, CLASS_MESSAGES.academicYearRequired],
    [{ class_name: '1st', academic_year: '2024-2026' }, CLASS_MESSAGES.academicYearInvalid],
    [{ class_name: '1st', academic_year: '2024/2025' }, CLASS_MESSAGES.academicYearInvalid],
    [{ class_name: '1st', academic_year: '24-25' }, CLASS_MESSAGES.academicYearInvalid],
    [{ class_name: '1st', academic_year: YEAR, section: 'x'.repeat(21) }, CLASS_MESSAGES.sectionTooLong],
    [{ class_name: '1st', academic_year: YEAR, teacher_id: 'not-a-uuid' }, CLASS_MESSAGES.teacherInvalid],
  ])('refuses %j with 400 and the message', async (body, message) => {
    const before = await countClasses(c.church.id);
    const res = await c.admin.post('/api/classes', body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(message);
    expect(await countClasses(c.church.id)).toBe(before);
  });

  it('refuses a teacher who is not an active teacher of the church (400)', async () => {
    const other = await createChurch(app.db);
    for (const teacherId of [c.users.principal.id, c.inactiveTeacher.id, other.users.teacher.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await c.admin.post('/api/classes', { class_name: '9th', academic_year: YEAR, teacher_id: teacherId });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(CLASS_MESSAGES.teacherNotFound);
    }
  });

  it('refuses a duplicate (same year, name and section, any case) with 409', async () => {
    await addClass(c.admin, { class_name: '5th', section: 'Blue' });
    for (const section of ['Blue', 'blue', ' BLUE ']) {
      const res = await c.principal.post('/api/classes', { class_name: '5th', section, academic_year: YEAR });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`Class 5th section ${section.trim()} already exists for ${YEAR}.`);
    }
    // Another section, or the same class in another year, is fine.
    await addClass(c.admin, { class_name: '5th', section: 'Green' });
    await addClass(c.admin, { class_name: '5th', section: 'Blue', academic_year: '2026-2027' });
    await addClass(c.admin, { class_name: '6th' });
    const dup = await c.admin.post('/api/classes', { class_name: '6th', academic_year: YEAR });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`Class 6th already exists for ${YEAR}.`);
    // What the message names, for a client that says it in its user's language.
    expect(dup.body).toMatchObject({ reason: 'class_duplicate', values: { className: '6th', section: '', academicYear: YEAR } });
  });

  it('lets only one of several identical parallel adds through; the others get the clear 409', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () =>
      c.admin.post('/api/classes', { class_name: '8th', section: 'Race', academic_year: '2029-2030' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('Class 8th section Race already exists for 2029-2030.');
    }
  });

  it('answers malformed JSON with 400', async () => {
    const res = await fetch(`${app.url}/api/classes`, {
      method: 'POST',
      headers: { ...c.admin.headers, 'content-type': 'application/json' },
      body: '{"class_name": ',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).success).toBe(false);
  });
});

const countClasses = async (churchId: string) =>
  (await app.db.withTenant(churchId, (tx) => tx.select().from(classes))).length;

describe('GET /api/classes, my-classes and teachers/available', () => {
  let d: Awaited<ReturnType<typeof churchWithTeachers>>;
  let mine: Json; let theirs: Json; let unassigned: Json; let lastYear: Json;
  beforeAll(async () => {
    d = await churchWithTeachers();
    mine = await addClass(d.admin, { class_name: '2nd', section: 'B', teacher_id: d.users.teacher.id });
    theirs = await addClass(d.admin, { class_name: '1st', teacher_id: d.otherTeacher.id });
    unassigned = await addClass(d.admin, { class_name: 'UKG' });
    lastYear = await addClass(d.admin, { class_name: 'LKG', academic_year: '2024-2025', teacher_id: d.users.teacher.id });
    await addStudent(d.admin, mine.id, 'A');
    await addStudent(d.admin, mine.id, 'B');
  });

  it('gives super_admin and principal every class in school order, newest year first, with student counts', async () => {
    for (const s of [d.admin, d.principal]) {
      const res = await s.get('/api/classes');
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: Json) => `${r.academic_year} ${r.class_name}`))
        .toEqual([`${YEAR} UKG`, `${YEAR} 1st`, `${YEAR} 2nd`, '2024-2025 LKG']);
      expect(res.body.data.find((r: Json) => r.id === mine.id)).toMatchObject({
        student_count: 2, teacher_name: d.users.teacher.name, teacher_email: d.users.teacher.email, section: 'B',
      });
    }
  });

  it('filters by academic year; \'\' means all; a malformed year is 400', async () => {
    const res = await d.principal.get('/api/classes?academic_year=2024-2025');
    expect(res.body.data.map((r: Json) => r.id)).toEqual([lastYear.id]);
    const all = await d.principal.get('/api/classes?academic_year=');
    expect(all.body.data).toHaveLength(4);
    const none = await d.principal.get('/api/classes?academic_year=2040-2041');
    expect(none.body.data).toEqual([]);
    const bad = await d.principal.get('/api/classes?academic_year=2024');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(CLASS_MESSAGES.academicYearInvalid);
  });

  it('gives a teacher only own classes, on /api/classes and on my-classes', async () => {
    for (const path of ['/api/classes', '/api/classes/my-classes']) {
      const res = await d.teacher.get(path);
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: Json) => r.id)).toEqual([mine.id, lastYear.id]);
    }
    const filtered = await d.teacher.get(`/api/classes?academic_year=${YEAR}`);
    expect(filtered.body.data.map((r: Json) => r.id)).toEqual([mine.id]);
    const principalOwn = await d.principal.get('/api/classes/my-classes');
    expect(principalOwn.body.data).toEqual([]);
  });

  it('refuses guests on class lists', async () => {
    for (const path of ['/api/classes', '/api/classes/my-classes', '/api/classes/teachers/available']) {
      expect((await d.guest.get(path)).status).toBe(403);
    }
  });

  it('lists active teachers for super_admin and principal only', async () => {
    for (const s of [d.admin, d.principal]) {
      const res = await s.get('/api/classes/teachers/available');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { id: d.otherTeacher.id, name: 'Second Teacher', email: d.otherTeacher.email, phone: null },
        { id: d.users.teacher.id, name: d.users.teacher.name, email: d.users.teacher.email, phone: null },
      ]);
    }
    expect((await d.teacher.get('/api/classes/teachers/available')).status).toBe(403);
  });

  it('keeps unassigned classes unassigned', () => {
    expect(unassigned).toMatchObject({ teacher_id: null, teacher_name: null });
    expect(theirs.teacher_name).toBe('Second Teacher');
  });
});

describe('PUT /api/classes/{id}', () => {
  it('edits all fields, and fields left out keep their values', async () => {
    const row = await addClass(c.admin, { class_name: '7th', section: 'A', teacher_id: c.users.teacher.id });
    const res = await c.principal.put(`/api/classes/${row.id}`, {
      class_name: '8th', section: ' C ', teacher_id: c.otherTeacher.id, academic_year: '2027-2028',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: row.id, class_name: '8th', section: 'C', teacher_id: c.otherTeacher.id, academic_year: '2027-2028' });
    const partial = await c.principal.put(`/api/classes/${row.id}`, { section: 'D' });
    expect(partial.body.data).toMatchObject({ class_name: '8th', section: 'D', teacher_id: c.otherTeacher.id, academic_year: '2027-2028' });
    const unassign = await c.admin.put(`/api/classes/${row.id}`, { teacher_id: '' });
    expect(unassign.body.data).toMatchObject({ teacher_id: null, teacher_name: null, section: 'D' });
    const assign = await c.admin.put(`/api/classes/${row.id}`, { teacher_id: c.users.teacher.id });
    expect(assign.body.data.teacher_id).toBe(c.users.teacher.id);
    const unassignNull = await c.admin.put(`/api/classes/${row.id}`, { teacher_id: null });
    expect(unassignNull.body.data.teacher_id).toBeNull();
  });

  it('moves the students\' academic year with the class', async () => {
    const row = await addClass(c.admin, { class_name: '10th', section: 'Move' });
    const student = await addStudent(c.admin, row.id);
    expect(student.academic_year).toBe(YEAR);
    const res = await c.admin.put(`/api/classes/${row.id}`, { academic_year: '2028-2029' });
    expect(res.status).toBe(200);
    const list = await c.admin.get(`/api/students/class/${row.id}`);
    expect(list.body.data[0]).toMatchObject({ id: student.id, academic_year: '2028-2029', roll_number: 1 });
  });

  it('refuses a duplicate, a bad teacher and bad fields without changing anything', async () => {
    const a = await addClass(c.admin, { class_name: '1st', section: 'X' });
    const b = await addClass(c.admin, { class_name: '1st', section: 'Y' });
    const dup = await c.admin.put(`/api/classes/${b.id}`, { section: 'x' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`Class 1st section x already exists for ${YEAR}.`);
    const badTeacher = await c.admin.put(`/api/classes/${b.id}`, { section: 'Z', teacher_id: c.inactiveTeacher.id });
    expect(badTeacher.status).toBe(400);
    expect(badTeacher.body.message).toBe(CLASS_MESSAGES.teacherNotFound);
    const badName = await c.admin.put(`/api/classes/${b.id}`, { class_name: 'Nursery' });
    expect(badName.status).toBe(400);
    expect(badName.body.message).toBe(CLASS_MESSAGES.classNameInvalid);
    const list = await c.admin.get('/api/classes');
    expect(list.body.data.find((r: Json) => r.id === b.id)).toMatchObject({ section: 'Y', teacher_id: null, class_name: '1st' });
    // Saving a class under its own name is not a duplicate.
    const same = await c.admin.put(`/api/classes/${a.id}`, { class_name: '1st', section: 'X', academic_year: YEAR });
    expect(same.status).toBe(200);
  });

  it('keeps an assigned teacher who was deactivated later when other fields change', async () => {
    const [late] = await app.db.withTenant(c.church.id, (tx) => tx.insert(users).values({
      churchId: c.church.id, role: 'teacher', name: 'Leaving Teacher', email: `t4@${c.code.toLowerCase()}.test`,
    }).returning());
    const row = await addClass(c.admin, { class_name: '2nd', section: 'Late', teacher_id: late.id });
    await app.db.withTenant(c.church.id, (tx) => tx.update(users).set({ isActive: false }).where(eq(users.id, late.id)));
    const res = await c.admin.put(`/api/classes/${row.id}`, { section: 'Later' });
    expect(res.status).toBe(200);
    expect(res.body.data.teacher_id).toBe(late.id);
  });

  it('is for super_admin and principal only', async () => {
    const row = await addClass(c.admin, { class_name: '3rd', section: 'Roles', teacher_id: c.users.teacher.id });
    for (const s of [c.teacher, c.guest]) {
      const res = await s.put(`/api/classes/${row.id}`, { section: 'Mine' });
      expect(res.status).toBe(403);
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await c.admin.put('/api/classes/00000000-0000-4000-8000-000000000000', { section: 'A' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(CLASS_MESSAGES.notFound);
    const malformed = await c.admin.put('/api/classes/abc', { section: 'A' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(CLASS_MESSAGES.idInvalid);
  });
});

describe('DELETE /api/classes/{id}', () => {
  it('is for super_admin only', async () => {
    const row = await addClass(c.admin, { class_name: '4th', section: 'Del' });
    for (const s of [c.principal, c.teacher, c.guest]) {
      const res = await s.delete(`/api/classes/${row.id}`);
      expect(res.status).toBe(403);
    }
    const res = await c.admin.delete(`/api/classes/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: row.id, message: CLASS_MESSAGES.deleted }, message: CLASS_MESSAGES.deleted });
    const again = await c.admin.delete(`/api/classes/${row.id}`);
    expect(again.status).toBe(404);
    const list = await c.admin.get('/api/classes');
    expect(list.body.data.some((r: Json) => r.id === row.id)).toBe(false);
  });

  it('refuses a class that still has students with 409 saying how many and what to do', async () => {
    const row = await addClass(c.admin, { class_name: '5th', section: 'Full' });
    const one = await addStudent(c.admin, row.id, 'One');
    await addStudent(c.admin, row.id, 'Two');
    const res = await c.admin.delete(`/api/classes/${row.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This class still has 2 students. Move them to another class or delete them before deleting the class.');
    expect(res.body).toMatchObject({ reason: 'class_has_students', values: { count: 2 } });
    await c.admin.delete(`/api/students/${one.id}`);
    const again = await c.admin.delete(`/api/classes/${row.id}`);
    expect(again.body.message).toBe('This class still has 1 student. Move them to another class or delete them before deleting the class.');
  });

  it('deletes a class whose students moved away, with the attendance still filed under it', async () => {
    const from = await addClass(c.admin, { class_name: '6th', section: 'From' });
    const to = await addClass(c.admin, { class_name: '6th', section: 'To' });
    const student = await addStudent(c.admin, from.id);
    const day = todayIn('Asia/Kolkata');
    await app.db.withTenant(c.church.id, (tx) => tx.insert(attendance).values({
      churchId: c.church.id, studentId: student.id, classId: from.id, date: day, status: 'present',
    }));
    const moved = await c.admin.put(`/api/students/${student.id}`, { class_id: to.id });
    expect(moved.status).toBe(200);
    const res = await c.admin.delete(`/api/classes/${from.id}`);
    expect(res.status, res.body.message).toBe(200);
    const left = await app.db.withTenant(c.church.id, (tx) => tx.select().from(attendance).where(eq(attendance.studentId, student.id)));
    expect(left).toEqual([]);
    const still = await app.db.withTenant(c.church.id, (tx) => tx.select().from(students).where(eq(students.id, student.id)));
    expect(still).toHaveLength(1);
  });
});

describe('isolation between churches', () => {
  it('answers 404 for another church\'s class ids and never shows or changes its rows', async () => {
    const other = await churchWithTeachers();
    const foreign = await addClass(other.admin, { class_name: 'LKG', section: 'Foreign', teacher_id: other.users.teacher.id });
    await addStudent(other.admin, foreign.id);
    const put = await c.admin.put(`/api/classes/${foreign.id}`, { section: 'Hacked' });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ success: false, message: CLASS_MESSAGES.notFound });
    const del = await c.admin.delete(`/api/classes/${foreign.id}`);
    expect(del.status).toBe(404);
    const byClass = await c.admin.get(`/api/students/class/${foreign.id}`);
    expect(byClass.status).toBe(404);
    for (const path of ['/api/classes', '/api/classes/my-classes', '/api/classes/teachers/available']) {
      const res = await c.admin.get(path);
      expect(JSON.stringify(res.body.data)).not.toContain(foreign.id);
      expect(JSON.stringify(res.body.data)).not.toContain(other.code.toLowerCase());
    }
    // The other church's own view is untouched.
    const theirs = await other.admin.get('/api/classes');
    expect(theirs.body.data).toEqual([expect.objectContaining({ id: foreign.id, section: 'Foreign', student_count: 1 })]);
    // A token of church A with the code of church B gets nothing.
    const crossed = await api(app.url, 'GET', '/api/classes', { token: c.admin.token, code: other.code });
    expect(crossed.status).toBe(401);
  });

  it('does not let a teacher act on another teacher\'s class of the same church', async () => {
    const row = await addClass(c.admin, { class_name: '7th', section: 'Theirs', teacher_id: c.otherTeacher.id });
    const res = await c.teacher.get('/api/classes');
    expect(res.body.data.some((r: Json) => r.id === row.id)).toBe(false);
    const update = await c.teacher.put(`/api/classes/${row.id}`, { section: 'Mine' });
    expect(update.status).toBe(403);
    const students = await c.teacher.get(`/api/students/class/${row.id}`);
    expect(students.status).toBe(404);
  });
});

describe('academic year moves and counts', () => {
  it('counts students per class', async () => {
    const row = await addClass(c.admin, { class_name: '9th', section: 'Count' });
    await addStudent(c.admin, row.id);
    await addStudent(c.admin, row.id);
    await addStudent(c.admin, row.id);
    const list = await c.admin.get('/api/classes');
    expect(list.body.data.find((r: Json) => r.id === row.id).student_count).toBe(3);
    const stored = await app.db.withTenant(c.church.id, (tx) =>
      tx.select().from(students).where(and(eq(students.classId, row.id))));
    expect(stored.map((s) => s.rollNumber).sort()).toEqual([1, 2, 3]);
  });
});
