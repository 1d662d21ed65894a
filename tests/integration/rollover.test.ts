import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { eq } from 'drizzle-orm';
import { attendance, enrolments, students } from '../../drizzle/schema/index.js';
import { previousYear } from '../../common/rollover.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { churchWithSessions, type ChurchSession, type ChurchWithSessions } from '../helpers/church-session.js';
import { createClassWithStudents, type Json } from '../helpers/fixtures.js';

// The turn of the academic year through the real HTTP server: preview, commit, the ending year's
// reports unchanged, a second rollover refused, undo until the new year's first mark, plan limits,
// isolation, and a mark and the rollover (or its undo) at the same moment.

let app: TestApp;

beforeAll(async () => { app = await startTestApp(); }, 60_000);
afterAll(async () => { await app?.close(); });

interface Church {
  c: ChurchWithSessions;
  fromYear: string;
  toYear: string;
  lkg: { id: string };
  third: { id: string };
  tenth: { id: string };
  kids: Record<'lkg' | 'third' | 'tenth', Array<{ id: string; name: string }>>;
}

/** A church whose ending year has LKG (3 children), 3rd A (4) and 12th (2), the last class of the default list, with marks in two months. */
async function churchWithEndingYear(options: { tier?: 'free' | 'premium' } = {}): Promise<Church> {
  const c = await churchWithSessions(app, { tier: options.tier });
  const settings = (await c.s.principal.get('/api/gallery/academic-year/config')).body.data;
  const toYear = settings.current as string;
  const fromYear = previousYear(toYear);
  const teacherId = c.users.teacher.id;
  const [lkg, third, tenth] = await Promise.all([
    createClassWithStudents(app.db, c.church.id, { className: 'LKG', section: '', teacherId, academicYear: fromYear, names: ['Abel', 'Bina', 'Cyril'] }),
    createClassWithStudents(app.db, c.church.id, { className: '3rd', section: 'A', academicYear: fromYear, names: ['Dina', 'Eapen', 'Febin', 'Gita'] }),
    createClassWithStudents(app.db, c.church.id, { className: '12th', section: '', academicYear: fromYear, names: ['Hanna', 'Isaac'] }),
  ]);
  const start = Number(fromYear.slice(0, 4));
  const dates = [`${start}-07-06`, `${start}-07-13`, `${start}-07-20`, `${start + 1}-01-04`, `${start + 1}-01-11`];
  await app.db.withTenant(c.church.id, (tx) => tx.insert(attendance).values([lkg, third, tenth].flatMap((made) => dates.flatMap((date, d) =>
    made.students.map((s, i) => ({
      churchId: c.church.id, studentId: s.id, classId: made.class.id, date, status: (i + d) % 3 === 0 ? 'absent' : 'present', markedBy: teacherId,
    }))))));
  const kids = (made: typeof lkg) => made.students.map((s) => ({ id: s.id, name: s.name }));
  return { c, fromYear, toYear, lkg: lkg.class, third: third.class, tenth: tenth.class, kids: { lkg: kids(lkg), third: kids(third), tenth: kids(tenth) } };
}

const pdfText = async (session: ChurchSession, path: string) => {
  const res = await fetch(app.url + path, { headers: session.headers });
  expect(res.status).toBe(200);
  const parser = new PDFParse({ data: Buffer.from(await res.arrayBuffer()) });
  try { return (await parser.getText()).text; } finally { await parser.destroy(); }
};
const rawText = async (session: ChurchSession, path: string) => {
  const res = await fetch(app.url + path, { headers: session.headers });
  expect(res.status).toBe(200);
  return res.text();
};

/** A list of children as served, less each child's `active` (a child leaving at the turn of the year
 * becomes inactive: the one change the ending year's lists show). */
const listText = async (session: ChurchSession, path: string) => {
  const answer = JSON.parse(await rawText(session, path)) as { data: Json[] };
  return JSON.stringify(answer.data.map(({ active: _active, ...rest }: Json) => rest));
};

/** Every report of the ending year, as served: JSON and CSV byte for byte, the PDFs' text (a PDF
 * carries the moment it was made); and its lists of children. */
async function reportsOf(w: Church) {
  const s = w.c.s.principal;
  const start = Number(w.fromYear.slice(0, 4));
  const reads: Array<[string, Promise<string>]> = [];
  for (const cls of [w.lkg, w.third, w.tenth]) {
    for (const [year, month] of [[start, 7], [start + 1, 1]]) {
      const q = `year=${year}&month=${month}`;
      reads.push([`${cls.id} monthly ${q}`, rawText(s, `/api/attendance/class/${cls.id}/monthly?${q}`)]);
      reads.push([`${cls.id} csv ${q}`, rawText(s, `/api/attendance/class/${cls.id}/monthly.csv?${q}`)]);
      reads.push([`${cls.id} calendar ${q}`, rawText(s, `/api/attendance/class/${cls.id}/calendar?${q}`)]);
    }
    reads.push([`${cls.id} register`, pdfText(s, `/api/attendance/class/${cls.id}/register.pdf?year=${start}&month=7`)]);
    reads.push([`${cls.id} date`, rawText(s, `/api/attendance/class/${cls.id}/date/${start}-07-06`)]);
    reads.push([`${cls.id} roster`, listText(s, `/api/students/class/${cls.id}`)]);
    reads.push([`${cls.id} students`, listText(s, `/api/students?class_id=${cls.id}`)]);
    reads.push([`${cls.id} year summary`, pdfText(s, `/api/attendance/class/${cls.id}/year-summary.pdf?academic_year=${w.fromYear}`)]);
  }
  reads.push(['year students', listText(s, `/api/students?academic_year=${w.fromYear}`)]);
  reads.push(['year classes', rawText(s, `/api/classes?academic_year=${w.fromYear}`)]);
  reads.push(['church summary', pdfText(s, `/api/attendance/year-summary.pdf?academic_year=${w.fromYear}`)]);
  const texts = await Promise.all(reads.map(([, read]) => read));
  return Object.fromEntries(reads.map(([key], i) => [key, texts[i]]));
}

const classesOf = async (w: Church, year: string) => (await w.c.s.principal.get(`/api/classes?academic_year=${year}`)).body.data as Json[];
const studentRows = (w: Church) => app.db.withTenant(w.c.church.id, (tx) => tx.select({
  id: students.id, classId: students.classId, roll: students.rollNumber, year: students.academicYear, active: students.active,
}).from(students).orderBy(students.id));

describe('the rollover proposal and preview', () => {
  it('suggests the next grade with the same section, and previews without writing anything', async () => {
    const w = await churchWithEndingYear();
    const proposal = (await w.c.s.principal.get('/api/rollover')).body.data;
    expect(proposal).toMatchObject({ from_year: w.fromYear, to_year: w.toYear, offered: true, refusal: null, standing: null });
    expect(proposal.classes.map((c: Json) => [c.class_name, c.section, c.suggestion.next_class_name, c.suggestion.next_section, c.children.length]))
      .toEqual([['LKG', '', 'UKG', '', 3], ['3rd', 'A', '4th', 'A', 4], ['12th', '', null, '', 2]]);
    // LKG's teacher stays with LKG (no UKG this year to give its teacher), or moves up with the children.
    expect(proposal.classes[0].suggestion.teachers).toEqual({ stay: null, move_up: w.c.users.teacher.id });

    const before = await studentRows(w);
    const preview = await w.c.s.principal.post('/api/rollover/preview', {
      from_year: w.fromYear,
      children: [{ student_id: w.kids.third[1].id, outcome: 'held_back' }, { student_id: w.kids.lkg[2].id, outcome: 'leaves' }],
    });
    expect(preview.status).toBe(200);
    const p = preview.body.data;
    expect(p.totals).toEqual({ classes_created: 4, children_moved: 5, held_back: 1, leaving: 3 });
    // In school order; the lowest class opened for new children, with its teacher (teachers stay).
    expect(p.teachers).toBe('stay');
    expect(p.classes.map((c: Json) => [c.class_name, c.section, c.teacher_id, c.existing, c.opened_for_admissions, c.children.map((ch: Json) => [ch.roll_number, ch.name, ch.outcome])])).toEqual([
      ['LKG', '', w.c.users.teacher.id, false, true, []],
      ['UKG', '', null, false, false, [[1, 'Abel', 'moves'], [2, 'Bina', 'moves']]],
      ['3rd', 'A', null, false, false, [[1, 'Eapen', 'held_back']]],
      ['4th', 'A', null, false, false, [[1, 'Dina', 'moves'], [2, 'Febin', 'moves'], [3, 'Gita', 'moves']]],
    ]);
    expect(p.leaving.map((c: Json) => [c.name, c.from_class])).toEqual([['Cyril', 'LKG'], ['Hanna', '12th'], ['Isaac', '12th']]);
    expect(p.plan_limit).toBeNull();
    expect(await classesOf(w, w.toYear)).toEqual([]);
    expect(await studentRows(w)).toEqual(before);
  });

  it('refuses a plan naming a class, a child or a teacher of another church, or a year that is not turning', async () => {
    const [w, other] = await Promise.all([churchWithEndingYear(), churchWithEndingYear()]);
    const s = w.c.s.principal;
    const refused = await Promise.all([
      s.post('/api/rollover/preview', { from_year: w.fromYear, classes: [{ class_id: other.third.id, next_class_name: '4th' }] }),
      s.post('/api/rollover', { from_year: w.fromYear, children: [{ student_id: other.kids.lkg[0].id, outcome: 'leaves' }] }),
      s.post('/api/rollover', { from_year: w.fromYear, classes: [{ class_id: w.third.id, next_class_name: '4th', next_teacher_id: other.c.users.teacher.id }] }),
      s.post('/api/rollover', { from_year: w.toYear }),
      s.post('/api/rollover', { from_year: 'next year' }),
      s.post('/api/rollover', { from_year: w.fromYear, children: [{ student_id: w.kids.lkg[0].id, outcome: 'promoted' }] }),
    ]);
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(refused[0].body.message).toBe(`A class of the plan is not a class of ${w.fromYear}.`);
    expect(refused[1].body.message).toBe(`A child of the plan is not in a class of ${w.fromYear}.`);
    expect(refused[2].body.message).toBe('The chosen teacher is not an active teacher of this church.');
    expect(await classesOf(w, w.toYear)).toEqual([]);
    expect(await classesOf(other, other.toYear)).toEqual([]);
  });

  it('refuses a next section with control characters, with a clear message, and writes nothing', async () => {
    const w = await churchWithEndingYear();
    const s = w.c.s.principal;
    const before = await studentRows(w);
    const plan = (section: string) => ({ from_year: w.fromYear, classes: [{ class_id: w.third.id, next_class_name: '4th', next_section: section }] });
    const refused = await Promise.all([
      s.post('/api/rollover/preview', plan('A\u0000')),
      s.post('/api/rollover', plan('B\u001b[2J')),
      s.post('/api/rollover', plan('C\u007f')),
    ]);
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400]);
    for (const r of refused) expect(r.body.message).toBe('This field must not contain control characters.');
    expect(await classesOf(w, w.toYear)).toEqual([]);
    expect(await studentRows(w)).toEqual(before);
    expect((await s.get('/api/rollover')).body.data.standing).toBeNull();
  });

  it('is for principals and super admins only', async () => {
    const w = await churchWithEndingYear();
    expect((await w.c.s.teacher.get('/api/rollover')).status).toBe(403);
    expect((await w.c.s.teacher.post('/api/rollover', { from_year: w.fromYear })).status).toBe(403);
    expect((await w.c.s.guest.get('/api/rollover')).status).toBe(403);
    expect((await w.c.s.super_admin.get('/api/rollover')).status).toBe(200);
  });
});

describe('committing and undoing a rollover', () => {
  it('makes the new year in one go, keeps every report of the ending year as it was, and undoes back to the same rows', async () => {
    const w = await churchWithEndingYear();
    const s = w.c.s.principal;
    const reportsBefore = await reportsOf(w);
    const rowsBefore = await studentRows(w);

    const committed = await s.post('/api/rollover', {
      from_year: w.fromYear,
      classes: [{ class_id: w.third.id, next_class_name: '4th', next_section: 'A', next_teacher_id: w.c.users.teacher.id }],
      children: [{ student_id: w.kids.third[1].id, outcome: 'held_back' }, { student_id: w.kids.lkg[2].id, outcome: 'leaves' }],
    });
    expect(committed.status).toBe(201);
    expect(committed.body.data).toMatchObject({ from_year: w.fromYear, to_year: w.toYear, totals: { classes_created: 4, children_moved: 5, held_back: 1, leaving: 3 } });

    const newClasses = await classesOf(w, w.toYear);
    expect(newClasses.map((c: Json) => [c.class_name, c.section, c.student_count])).toEqual([['LKG', '', 0], ['UKG', '', 2], ['3rd', 'A', 1], ['4th', 'A', 3]]);
    // The children are now in the new year's classes; the leaving ones are inactive where they were.
    const current = (await s.get('/api/students')).body.data as Json[];
    const byName = new Map(current.map((st: Json) => [st.name, st]));
    expect(byName.get('Abel')).toMatchObject({ class_name: 'UKG', academic_year: w.toYear, roll_number: 1 });
    expect(byName.get('Eapen')).toMatchObject({ class_name: '3rd', class_section: 'A', academic_year: w.toYear, roll_number: 1 });
    expect(byName.get('Cyril')).toMatchObject({ class_name: 'LKG', academic_year: w.fromYear, active: false });
    expect(byName.get('Hanna')).toMatchObject({ class_name: '12th', academic_year: w.fromYear, active: false });
    // Every report of the ending year reads exactly as before.
    expect(await reportsOf(w)).toEqual(reportsBefore);

    // A second rollover of the same year is refused; the proposal says what stands.
    const again = await s.post('/api/rollover', { from_year: w.fromYear });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`${w.fromYear} has already been rolled over. Undo that rollover first to do it again.`);
    const proposal = (await s.get('/api/rollover')).body.data;
    expect(proposal).toMatchObject({ offered: false, refusal: { reason: 'already_rolled_over' }, standing: { id: committed.body.data.id, undo: { possible: true } } });

    const undone = await s.post(`/api/rollover/${committed.body.data.id}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body.data.message).toBe('The rollover was undone. The old year is as it was.');
    expect(await studentRows(w)).toEqual(rowsBefore);
    expect(await classesOf(w, w.toYear)).toEqual([]);
    expect(await reportsOf(w)).toEqual(reportsBefore);
    expect((await s.post(`/api/rollover/${committed.body.data.id}/undo`)).status).toBe(409);
    const enrolled = await app.db.withTenant(w.c.church.id, (tx) => tx.select().from(enrolments));
    expect(enrolled.every((e) => e.academicYear === w.fromYear && e.rolloverId === null)).toBe(true);
    // Undone, the year can be rolled over again.
    expect((await s.post('/api/rollover', { from_year: w.fromYear })).status).toBe(201);
  }, 90_000);

  it('enrols into a class of the new year made by hand before, numbering after its children, and undo leaves that class alone', async () => {
    const w = await churchWithEndingYear();
    const s = w.c.s.principal;
    const made = await s.post('/api/classes', { class_name: 'UKG', section: '', academic_year: w.toYear });
    expect(made.status).toBe(201);
    const newcomer = await s.post('/api/students', { name: 'Newcomer', parent_phone: '+91 98765 43210', date_of_birth: '2021-02-02', class_id: made.body.data.id });
    expect(newcomer.status).toBe(201);
    const committed = await s.post('/api/rollover', { from_year: w.fromYear });
    // 4th A, and LKG opened for new children.
    expect(committed.body.data.totals).toEqual({ classes_created: 2, children_moved: 7, held_back: 0, leaving: 2 });
    const ukg = (await s.get(`/api/students/class/${made.body.data.id}`)).body.data as Json[];
    expect(ukg.map((st: Json) => [st.roll_number, st.name])).toEqual([[1, 'Newcomer'], [2, 'Abel'], [3, 'Bina'], [4, 'Cyril']]);
    expect((await s.post(`/api/rollover/${committed.body.data.id}/undo`)).status).toBe(200);
    const after = (await s.get(`/api/students/class/${made.body.data.id}`)).body.data as Json[];
    expect(after.map((st: Json) => st.name)).toEqual(['Newcomer']);
  });

  it('cannot be undone once the new year has a mark, nor while a child added since is in its classes', async () => {
    const w = await churchWithEndingYear();
    const s = w.c.s.principal;
    const committed = (await s.post('/api/rollover', { from_year: w.fromYear })).body.data;
    const ukg = (await classesOf(w, w.toYear)).find((c: Json) => c.class_name === 'UKG');
    const added = await s.post('/api/students', { name: 'Late Comer', parent_phone: '+91 98765 43211', date_of_birth: '2021-02-02', class_id: ukg.id });
    const refusedForAddition = await s.post(`/api/rollover/${committed.id}/undo`);
    expect(refusedForAddition.status).toBe(409);
    expect(refusedForAddition.body.message).toBe('1 child was added to the new year\'s classes after the rollover. Move or delete them before undoing it.');
    expect((await s.delete(`/api/students/${added.body.data.id}`)).status).toBe(200);

    const today = (await s.get('/api/gallery/academic-year/config')).body.data;
    expect(today.current).toBe(w.toYear);
    const roster = (await s.get(`/api/students/class/${ukg.id}`)).body.data as Json[];
    const date = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    const marked = await s.post('/api/attendance/mark', { classId: ukg.id, date, attendanceData: roster.map((st: Json) => ({ studentId: st.id, status: 'present' })) });
    expect(marked.status).toBe(200);
    const refused = await s.post(`/api/rollover/${committed.id}/undo`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Attendance has already been marked in ${w.toYear}, so this rollover can no longer be undone.`);
    expect((await s.get('/api/rollover')).body.data.standing.undo).toMatchObject({ possible: false, reason: 'undo_after_marks' });
    expect((await classesOf(w, w.toYear))).toHaveLength(3);
  });

  it('keeps a class of the ending year in its year and with its children once they moved on', async () => {
    const w = await churchWithEndingYear();
    const s = w.c.s.principal;
    expect((await s.post('/api/rollover', { from_year: w.fromYear })).status).toBe(201);
    const moved = await s.put(`/api/classes/${w.lkg.id}`, { academic_year: w.toYear });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(`The children of this class have moved on to another academic year, so it stays in ${w.fromYear} with their history.`);
    expect((await s.put(`/api/classes/${w.lkg.id}`, { section: 'B' })).status).toBe(200);
    const deleted = await w.c.s.super_admin.delete(`/api/classes/${w.lkg.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.reason).toBe('class_has_students');

    // Edited from the ending year's list, whose form sends the class it shows, a child is renamed and
    // stays in their new class: a class of their history is not a move.
    const abel = ((await s.get(`/api/students?class_id=${w.lkg.id}`)).body.data as Json[]).find((st: Json) => st.name === 'Abel');
    expect(abel).toMatchObject({ class_id: w.lkg.id, academic_year: w.fromYear });
    const edited = await s.put(`/api/students/${abel.id}`, { name: 'Abel K', class_id: w.lkg.id });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Abel K', class_name: 'UKG', academic_year: w.toYear, roll_number: 1 });
    const lkgNow = (await s.get(`/api/students/class/${w.lkg.id}`)).body.data as Json[];
    expect(lkgNow.map((st: Json) => [st.roll_number, st.name])).toEqual([[1, 'Abel K'], [2, 'Bina'], [3, 'Cyril']]);
  });

  it('answers 404 for another church\'s rollover id', async () => {
    const [w, other] = await Promise.all([churchWithEndingYear(), churchWithEndingYear()]);
    const theirs = (await other.c.s.principal.post('/api/rollover', { from_year: other.fromYear })).body.data;
    expect((await w.c.s.principal.post(`/api/rollover/${theirs.id}/undo`)).status).toBe(404);
    expect((await other.c.s.principal.get('/api/rollover')).body.data.standing.id).toBe(theirs.id);
  });
});

describe('plan limits', () => {
  it('tells before the commit that the new year would pass the class limit, and the commit is refused', async () => {
    const w = await churchWithEndingYear({ tier: 'free' });
    const s = w.c.s.principal;
    // The free plan allows 2 classes a year: the ending year has 3 (made before the limit counted them).
    // UKG, 4th A and LKG opened for new children make 3; without LKG, 2.
    const opened = (await s.post('/api/rollover/preview', { from_year: w.fromYear })).body.data;
    expect(opened.totals.classes_created).toBe(3);
    expect(opened.plan_limit.message).toBe('Your Free Trial plan allows 2 classes. Upgrade your plan to add more.');
    const plan = { from_year: w.fromYear, open_lowest_class: false };
    const preview = (await s.post('/api/rollover/preview', plan)).body.data;
    expect(preview.totals.classes_created).toBe(2);
    expect(preview.plan_limit).toBeNull();
    const withHeldBack = { ...plan, children: [{ student_id: w.kids.third[0].id, outcome: 'held_back' }] };
    const over = (await s.post('/api/rollover/preview', withHeldBack)).body.data;
    expect(over.totals.classes_created).toBe(3);
    expect(over.plan_limit.message).toBe('Your Free Trial plan allows 2 classes. Upgrade your plan to add more.');
    const refused = await s.post('/api/rollover', withHeldBack);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Your Free Trial plan allows 2 classes. Upgrade your plan to add more.');
    expect(await classesOf(w, w.toYear)).toEqual([]);
    expect((await s.post('/api/rollover', plan)).status).toBe(201);
    expect((await s.get('/api/subscription/usage')).body.data.usage.classes).toBe(2);
  });
});

describe('at the same moment', () => {
  it('a mark in the ending year while the rollover commits: both succeed and the mark counts in the old class', async () => {
    const w = await churchWithEndingYear();
    const s = w.c.s.principal;
    const date = `${w.fromYear.slice(0, 4)}-12-06`;
    // The roll call only takes the last 14 days, so the ending year's mark is written as the roll
    // call's statement would, through the tenant door, at the same moment as the commit.
    const [committed, marked] = await Promise.all([
      s.post('/api/rollover', { from_year: w.fromYear }),
      app.db.withTenant(w.c.church.id, (tx) => tx.insert(attendance).values(w.kids.third.map((k) => ({
        churchId: w.c.church.id, studentId: k.id, classId: w.third.id, date, status: 'present', markedBy: w.c.users.teacher.id,
      }))).returning()),
    ]);
    expect(committed.status).toBe(201);
    expect(marked).toHaveLength(4);
    const month = (await s.get(`/api/attendance/class/${w.third.id}/monthly?year=${date.slice(0, 4)}&month=12`)).body.data as Json[];
    expect(month.map((r: Json) => r.present_days)).toEqual([1, 1, 1, 1]);
  });

  it('the roll call of an ending year\'s class, taken through the API as the rollover commits, marks its children there', async () => {
    const w = await churchWithEndingYear();
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    const [committed, marked] = await Promise.all([
      w.c.s.principal.post('/api/rollover', { from_year: w.fromYear }),
      w.c.s.teacher.post('/api/attendance/mark', { classId: w.lkg.id, date: today, attendanceData: w.kids.lkg.map((k) => ({ studentId: k.id, status: 'present' })) }),
    ]);
    expect(committed.status).toBe(201);
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ marked: 3, present: 3 });
    const stored = (await w.c.s.teacher.get(`/api/attendance/class/${w.lkg.id}/date/${today}`)).body.data as Json[];
    expect(stored.map((r: Json) => r.student_id)).toEqual(w.kids.lkg.map((k) => k.id));
    // Those marks are the ending year's class's, not the new year's: the rollover can still be undone.
    expect((await w.c.s.principal.get('/api/rollover')).body.data.standing.undo.possible).toBe(true);
  });

  it('a mark in the new year while its rollover is undone: one of the two wins, never both, never a 500', async () => {
    for (let round = 0; round < 3; round++) {
      const w = await churchWithEndingYear();
      const s = w.c.s.principal;
      const committed = (await s.post('/api/rollover', { from_year: w.fromYear })).body.data;
      const ukg = (await classesOf(w, w.toYear)).find((c: Json) => c.class_name === 'UKG');
      const roster = (await s.get(`/api/students/class/${ukg.id}`)).body.data as Json[];
      const date = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
      const [undo, mark] = await Promise.all([
        s.post(`/api/rollover/${committed.id}/undo`),
        w.c.s.teacher.post('/api/attendance/mark', { classId: ukg.id, date, attendanceData: roster.map((st: Json) => ({ studentId: st.id, status: 'present' })) }),
      ]);
      const marks = await app.db.withTenant(w.c.church.id, (tx) => tx.select().from(attendance).where(eq(attendance.date, date)));
      if (undo.status === 200) {
        expect(mark.status).toBeGreaterThanOrEqual(400);
        expect(mark.status).toBeLessThan(500);
        expect(marks).toEqual([]);
        expect(await classesOf(w, w.toYear)).toEqual([]);
      } else {
        expect(undo.status).toBe(409);
        expect(mark.status).toBe(200);
        expect(marks).toHaveLength(roster.length);
      }
    }
  });
});
