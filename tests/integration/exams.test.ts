import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { examMarks } from '../../drizzle/schema/index.js';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { DEFAULT_RESULT_SCHEME, EXAM_MESSAGES as M } from '../../common/exams.js';
import { followingYear } from '../../common/rollover.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { addChurchUser, api, createClassWithStudents, type Json } from '../helpers/fixtures.js';
import { auditOf } from '../helpers/audit.js';
import { churchWithSessions, signIn, type ChurchSession, type ChurchWithSessions } from '../helpers/church-session.js';

// Exams and results through real HTTP. One class of eight children and three papers (Scripture 100
// whole marks, Catechism 50 with half marks, Songs 50 whole marks: 200 in all), with results worked
// out by hand below; a second exam for the year's final result. Another teacher, a guest and another
// church are refused.

let app: TestApp;
let c: ChurchWithSessions;
let other: ChurchWithSessions;
let anu: ChurchSession; // a teacher of another class
let classA: { id: string };
let classB: { id: string };
let kids: Array<{ id: string; name: string }>;
let otherClass: { id: string };
let halfYearly: Json;
let annual: Json;
let papers: { scripture: string; catechism: string; songs: string };
let annualScripture: string;
let otherExam: string;

const year = academicYearOf(todayIn('Asia/Kolkata'), 6);
const NAMES = ['Abel', 'Bina', 'Cyril', 'Dora', 'Eby', 'Fathima', 'George', 'Hana'];
/** The marks: Scripture, Catechism, Songs ('AB' absent, null not entered). */
const HALF_YEARLY: Array<[number | 'AB' | null, number | 'AB' | null, number | 'AB' | null]> = [
  [80, 40.5, 30], // Abel: 150.5 of 200 = 75.25 % -> 75.3 (half up): distinction
  [60, 30, 30], //   Bina: 120 = 60.0 %: first class
  [70, 25, 25], //   Cyril: 120 = 60.0 %: first class, the same rank as Bina
  [90, 10, 40], //   Dora: 140 = 70.0 %, but Catechism 10 < 17.5 (35 % of 50): fail
  [35, 17.5, 18], // Eby: 70.5 = 35.25 % -> 35.3; every paper at or above the pass mark: pass
  ['AB', 'AB', 'AB'], // Fathima: absent in every paper: no result, unranked
  [50, 'AB', 20], // George: 70 = 35.0 %, absent in Catechism: fail
  [40, null, 20], // Hana: Catechism not entered: pending, unranked
];

const marksPath = (examId: string, classId: string) => `/api/exams/${examId}/classes/${classId}/marks`;
const resultsPath = (examId: string, classId: string) => `/api/exams/${examId}/classes/${classId}/results`;
const entriesOf = (rows: typeof HALF_YEARLY) => rows.flatMap((row, i) => [papers.scripture, papers.catechism, papers.songs]
  .map((paperId, p) => ({ student_id: kids[i].id, paper_id: paperId, value: row[p] })));
const save = (session: ChurchSession, examId: string, entries: unknown[], extra: Record<string, unknown> = {}) =>
  session.put(marksPath(examId, classA.id), { write_id: randomUUID(), entries, ...extra });
const byName = (rows: Json[]): Record<string, Json> => Object.fromEntries(rows.map((r: Json) => [r.name, r]));
const pick = (row: Json) => ({ total: row.total, percentage: row.percentage, division: row.division, rank: row.rank, state: row.state });
const marksInTable = () => app.db.withTenant(c.church.id, (tx) => tx.select().from(examMarks).where(eq(examMarks.churchId, c.church.id)));

beforeAll(async () => {
  app = await startTestApp();
  [c, other] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
  const A = await createClassWithStudents(app.db, c.church.id, { teacherId: c.users.teacher.id, names: NAMES, className: '3rd', section: 'A' });
  const user = await addChurchUser(app.db, c.church.id, 'teacher', 'Anu');
  anu = await signIn(app.url, c.code, user.email);
  const B = await createClassWithStudents(app.db, c.church.id, { teacherId: user.id, names: ['Ivan'], className: '4th', section: 'A' });
  const O = await createClassWithStudents(app.db, other.church.id, { teacherId: other.users.teacher.id, names: ['Jomon'] });
  [classA, classB, otherClass] = [A.class, B.class, O.class];
  kids = A.students;
  const made = await other.s.principal.post('/api/exams', { academic_year: year, name: 'Half-yearly', kind: 'half_yearly' });
  otherExam = made.body.data.exam.id;
}, 240_000);
afterAll(async () => { await app?.close(); });

describe('setting up the year\'s exams', () => {
  it('makes an exam with the default paper in every class of the year; only principals and super admins', async () => {
    expect((await c.s.teacher.post('/api/exams', { academic_year: year, name: 'Half-yearly', kind: 'half_yearly' })).status).toBe(403);
    expect((await c.s.guest.get('/api/exams')).status).toBe(403);
    const res = await c.s.principal.post('/api/exams', { academic_year: year, name: 'Half-yearly', kind: 'half_yearly', starts_on: `${year.slice(0, 4)}-12-01`, ends_on: `${year.slice(0, 4)}-12-05` });
    expect(res.status, res.body.message).toBe(201);
    halfYearly = res.body.data.exam;
    const classes = res.body.data.classes as Json[];
    expect(classes.map((x) => [x.id, x.papers.map((p: Json) => [p.name, p.max_marks, p.half_marks_allowed])])).toEqual([
      [classA.id, [['Scripture', 100, false]]], [classB.id, [['Scripture', 100, false]]],
    ]);
    papers = { scripture: classes[0].papers[0].id, catechism: '', songs: '' };
    expect((await c.s.principal.post('/api/exams', { academic_year: year, name: 'Half-yearly', kind: 'annual' })).status).toBe(409);
    const badDates = await c.s.principal.post('/api/exams', { academic_year: year, name: 'X', kind: 'test', starts_on: '2026-12-05', ends_on: '2026-12-01' });
    expect([badDates.status, badDates.body.message]).toEqual([400, M.datesOrder]);
    expect((await auditOf(app.db, c.church.id, { action: 'exam.created', resourceId: halfYearly.id })).length).toBe(1);
  });

  it('adds papers to a class; a teacher reads only their own class\'s papers', async () => {
    const cat = await c.s.principal.post(`/api/exams/${halfYearly.id}/papers`, { class_id: classA.id, name: 'Catechism', max_marks: 50, half_marks_allowed: true });
    const songs = await c.s.principal.post(`/api/exams/${halfYearly.id}/papers`, { class_id: classA.id, name: 'Songs', max_marks: 50 });
    expect([cat.status, songs.status]).toEqual([201, 201]);
    papers = { ...papers, catechism: cat.body.data.id, songs: songs.body.data.id };
    expect((await c.s.principal.post(`/api/exams/${halfYearly.id}/papers`, { class_id: classA.id, name: 'Songs', max_marks: 50 })).status).toBe(409);
    expect((await c.s.principal.post(`/api/exams/${halfYearly.id}/papers`, { class_id: otherClass.id, name: 'Songs', max_marks: 50 })).status).toBe(404);
    const seen = await c.s.teacher.get(`/api/exams/${halfYearly.id}`);
    expect(seen.body.data.classes.map((x: Json) => [x.id, x.papers.map((p: Json) => p.name)])).toEqual([[classA.id, ['Scripture', 'Catechism', 'Songs']]]);
  });

  it('keeps the result scheme\'s defaults until the church sets its own, and checks it', async () => {
    expect((await c.s.teacher.get('/api/exams/scheme')).body.data).toEqual(DEFAULT_RESULT_SCHEME);
    const disorder = await c.s.principal.put('/api/exams/scheme', { ...DEFAULT_RESULT_SCHEME, second_class_percent: 30 });
    expect([disorder.status, disorder.body.message]).toEqual([400, M.schemeOrder]);
    expect((await c.s.teacher.put('/api/exams/scheme', DEFAULT_RESULT_SCHEME)).status).toBe(403);
  });
});

describe('entering marks', () => {
  it('shows the class\'s mark list in roll-number order, nothing entered', async () => {
    const res = await c.s.teacher.get(marksPath(halfYearly.id, classA.id));
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.children.map((x: Json) => [x.roll_number, x.name, x.marks])).toEqual(NAMES.map((n, i) => [i + 1, n, [null, null, null]]));
    expect([res.body.data.entered, res.body.data.total]).toEqual([0, 24]);
  });

  it('refuses a bad cell with a message naming it, and writes nothing of the list', async () => {
    const good = { student_id: kids[0].id, paper_id: papers.scripture, value: 80 };
    const cases: Array<[unknown, number, string]> = [
      [{ student_id: kids[1].id, paper_id: papers.scripture, value: 101 }, 400, `Roll 2, Scripture: ${M.aboveMax(100)}`],
      [{ student_id: kids[1].id, paper_id: papers.songs, value: 20.5 }, 400, `Roll 2, Songs: ${M.halfMarksNotAllowed}`],
      [{ student_id: kids[1].id, paper_id: papers.catechism, value: 20.25 }, 400, M.marksInvalid],
      [{ student_id: kids[1].id, paper_id: papers.catechism, value: -1 }, 400, M.marksInvalid],
      [{ student_id: kids[1].id, paper_id: papers.catechism, value: 'absent' }, 400, M.marksInvalid],
      [{ student_id: kids[1].id, paper_id: randomUUID(), value: 3 }, 400, M.paperNotOfClass],
      [{ student_id: randomUUID(), paper_id: papers.songs, value: 3 }, 400, M.studentNotInClass],
    ];
    for (const [bad, status, message] of cases) {
      const res = await save(c.s.teacher, halfYearly.id, [good, bad]);
      expect([res.status, res.body.message], JSON.stringify(bad)).toEqual([status, message]);
    }
    const twice = await save(c.s.teacher, halfYearly.id, [good, good]);
    expect([twice.status, twice.body.message]).toEqual([400, M.duplicateEntry]);
    expect(await marksInTable()).toEqual([]);
  });

  it('refuses another teacher\'s class (404), a guest (403) and another church\'s exam or class (404)', async () => {
    const entries = [{ student_id: kids[0].id, paper_id: papers.scripture, value: 80 }];
    expect((await anu.get(marksPath(halfYearly.id, classA.id))).status).toBe(404);
    expect((await save(anu, halfYearly.id, entries)).status).toBe(404);
    expect((await anu.get(resultsPath(halfYearly.id, classA.id))).status).toBe(404);
    expect((await anu.get(`/api/exams/classes/${classA.id}/final-results`)).status).toBe(404);
    expect((await c.s.teacher.get(marksPath(halfYearly.id, classB.id))).status).toBe(404);
    expect((await c.s.guest.get(marksPath(halfYearly.id, classA.id))).status).toBe(403);
    expect((await other.s.principal.get(marksPath(halfYearly.id, classA.id))).status).toBe(404);
    expect((await other.s.principal.get(`/api/exams/${halfYearly.id}`)).status).toBe(404);
    expect((await other.s.principal.get(resultsPath(halfYearly.id, otherClass.id))).status).toBe(404);
    expect((await other.s.principal.put(`/api/exams/papers/${papers.songs}`, { name: 'X', max_marks: 10 })).status).toBe(404);
    expect((await other.s.principal.post(`/api/exams/${halfYearly.id}/publish`)).status).toBe(404);
    expect((await c.s.principal.get(marksPath(otherExam, classA.id))).status).toBe(404);
    expect((await c.s.principal.get(marksPath(halfYearly.id, otherClass.id))).status).toBe(404);
    expect(await marksInTable()).toEqual([]);
  });

  it('saves the whole list in one go; the class\'s teacher enters it', async () => {
    const res = await save(c.s.teacher, halfYearly.id, entriesOf(HALF_YEARLY), {
      remarks: [{ student_id: kids[0].id, remark: 'Reads the lesson well' }],
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.children.map((x: Json) => x.marks)).toEqual(HALF_YEARLY);
    expect([res.body.data.entered, res.body.data.total, res.body.data.replayed]).toEqual([23, 24, false]);
    expect(res.body.data.children[0].remark).toBe('Reads the lesson well');
  });

  it('applies a save sent again once, and never over a later save', async () => {
    const writeId = randomUUID();
    const cell = (value: number) => [{ student_id: kids[0].id, paper_id: papers.songs, value }];
    const first = await c.s.teacher.put(marksPath(halfYearly.id, classA.id), { write_id: writeId, entries: cell(29) });
    expect(first.body.data.replayed).toBe(false);
    const later = await save(c.s.teacher, halfYearly.id, cell(31));
    expect(later.body.data.children[0].marks[2]).toBe(31);
    const again = await c.s.teacher.put(marksPath(halfYearly.id, classA.id), { write_id: writeId, entries: cell(29) });
    expect([again.status, again.body.data.replayed, again.body.data.children[0].marks[2]]).toEqual([200, true, 31]);
    // Another church sending the same write id is its own save.
    const theirs = await other.s.principal.put(marksPath(otherExam, otherClass.id), { write_id: writeId, entries: [] });
    expect([theirs.status, theirs.body.data.replayed]).toEqual([200, false]);
    await save(c.s.teacher, halfYearly.id, cell(30));
  });
});

describe('results', () => {
  it('ranks ties alike and skips the next, leaves the absent and the pending unranked, rounds half up', async () => {
    const res = await c.s.teacher.get(resultsPath(halfYearly.id, classA.id));
    expect(res.status, res.body.message).toBe(200);
    const rows = byName(res.body.data.rows);
    expect(Object.fromEntries(Object.entries(rows).map(([n, r]) => [n, pick(r)]))).toEqual({
      Abel: { total: 150.5, percentage: 75.3, division: 'distinction', rank: 1, state: 'complete' },
      Dora: { total: 140, percentage: 70, division: 'fail', rank: 2, state: 'complete' },
      Bina: { total: 120, percentage: 60, division: 'first_class', rank: 3, state: 'complete' },
      Cyril: { total: 120, percentage: 60, division: 'first_class', rank: 3, state: 'complete' },
      Eby: { total: 70.5, percentage: 35.3, division: 'pass', rank: 5, state: 'complete' },
      George: { total: 70, percentage: 35, division: 'fail', rank: 6, state: 'complete' },
      Fathima: { total: 0, percentage: null, division: null, rank: null, state: 'absent' },
      Hana: { total: 60, percentage: null, division: null, rank: null, state: 'pending' },
    });
    expect(res.body.data.rows.map((r: Json) => r.name)).toEqual(NAMES);
    expect(rows.George.marks).toEqual([50, 'AB', 20]);
    expect(rows.Abel.max_total).toBe(200);
  });

  it('follows a changed pass mark, divisions and grade bands at once, marks already entered', async () => {
    const put = await c.s.principal.put('/api/exams/scheme', {
      ...DEFAULT_RESULT_SCHEME, pass_percent: 40, distinction_percent: 80,
      grade_bands: [{ grade: 'A', min_percent: 75 }, { grade: 'B', min_percent: 60 }, { grade: 'C', min_percent: 0 }],
    });
    expect(put.status, put.body.message).toBe(200);
    const rows = byName((await c.s.teacher.get(resultsPath(halfYearly.id, classA.id))).body.data.rows);
    // Abel 75.3 < 80: first class now. Eby's Scripture 35 < 40 (40 % of 100): fail. Cyril's Catechism
    // 25 of 50 and Songs 25 of 50 are 50 %: still first class. Grades follow the rounded percentage.
    expect([rows.Abel.division, rows.Abel.grade]).toEqual(['first_class', 'A']);
    expect([rows.Eby.division, rows.Eby.grade]).toEqual(['fail', 'C']);
    expect([rows.Cyril.division, rows.Cyril.grade, rows.Bina.grade]).toEqual(['first_class', 'B', 'B']);
    expect(rows.Fathima.grade).toBeNull();
    expect((await auditOf(app.db, c.church.id, { action: 'exam.scheme_updated' })).length).toBe(1);
    await c.s.principal.put('/api/exams/scheme', DEFAULT_RESULT_SCHEME);
  });

  it('works out the year\'s final result by the weights, and follows changed weights', async () => {
    const res = await c.s.principal.post('/api/exams', { academic_year: year, name: 'Annual', kind: 'annual' });
    annual = res.body.data.exam;
    annualScripture = res.body.data.classes.find((x: Json) => x.id === classA.id).papers[0].id;
    const annualMarks = [90, 45, 'AB', 60, 35, 'AB', 70, 50];
    const saved = await save(c.s.teacher, annual.id, annualMarks.map((value, i) => ({ student_id: kids[i].id, paper_id: annualScripture, value })));
    expect(saved.status, saved.body.message).toBe(200);
    // Half-yearly 40 %, annual 60 %: Abel 0.4 × 75.3 + 0.6 × 90 = 84.12 -> 84.1; Bina 24 + 27 = 51.0;
    // Cyril 24 + 0 (absent) = 24.0: fail; Dora 28 + 36 = 64.0 (the year passes on the weighted mean);
    // Eby 14.12 + 21 = 35.12 -> 35.1; George 14 + 42 = 56.0; Fathima absent in both; Hana pending.
    const final = async () => byName((await c.s.teacher.get(`/api/exams/classes/${classA.id}/final-results`)).body.data.rows);
    let rows = await final();
    expect(Object.fromEntries(Object.entries(rows).map(([n, r]) => [n, [r.state, r.percentage, r.division, r.rank]]))).toEqual({
      Abel: ['complete', 84.1, 'distinction', 1], Dora: ['complete', 64, 'first_class', 2], George: ['complete', 56, 'second_class', 3],
      Bina: ['complete', 51, 'second_class', 4], Eby: ['complete', 35.1, 'pass', 5], Cyril: ['complete', 24, 'fail', 6],
      Fathima: ['absent', null, null, null], Hana: ['pending', null, null, null],
    });
    expect(rows.Abel.exams.map((e: Json) => [e.exam_id, e.percentage])).toEqual(expect.arrayContaining([[halfYearly.id, 75.3], [annual.id, 90]]));
    // Half and half: Abel (75.3 + 90) / 2 = 82.65 -> 82.7 (half up); Bina and George 52.5 share rank 3;
    // Eby (35.3 + 35) / 2 = 35.15 -> 35.2; Cyril 30.0.
    await c.s.principal.put('/api/exams/scheme', { ...DEFAULT_RESULT_SCHEME, weights: { test: 0, half_yearly: 50, annual: 50 } });
    rows = await final();
    expect(Object.fromEntries(Object.entries(rows).filter(([, r]) => r.state === 'complete').map(([n, r]) => [n, [r.percentage, r.rank]]))).toEqual({
      Abel: [82.7, 1], Dora: [65, 2], Bina: [52.5, 3], George: [52.5, 3], Eby: [35.2, 5], Cyril: [30, 6],
    });
    // An exam's own weight stands over its kind's: the annual alone.
    const dates = { starts_on: halfYearly.starts_on, ends_on: halfYearly.ends_on };
    await c.s.principal.put(`/api/exams/${halfYearly.id}`, { name: 'Half-yearly', kind: 'half_yearly', ...dates, weight: 0 });
    rows = await final();
    expect([rows.Abel.percentage, rows.Hana.state, rows.Hana.percentage, rows.Cyril.state]).toEqual([90, 'complete', 50, 'absent']);
    await c.s.principal.put(`/api/exams/${halfYearly.id}`, { name: 'Half-yearly', kind: 'half_yearly', ...dates, weight: null });
    await c.s.principal.put('/api/exams/scheme', DEFAULT_RESULT_SCHEME);
  });

  it('sums up every class of the church: entered of all, passes and the first three ranks', async () => {
    expect((await c.s.teacher.get(`/api/exams/${halfYearly.id}/summary`)).status).toBe(403);
    const res = await c.s.principal.get(`/api/exams/${halfYearly.id}/summary`);
    expect(res.status, res.body.message).toBe(200);
    const [a, b] = res.body.data.classes;
    expect({ ...a, top: a.top.map((t: Json) => [t.rank, t.name, t.total]) }).toEqual({
      class_id: classA.id, class_name: '3rd', section: 'A', papers: 3, children: 8, entered: 23, entries: 24, complete: 6, absent: 1, passed: 4,
      top: [[1, 'Abel', 150.5], [2, 'Dora', 140], [3, 'Bina', 120], [3, 'Cyril', 120]],
    });
    expect(b).toMatchObject({ class_id: classB.id, papers: 1, children: 1, entered: 0, entries: 1, complete: 0, passed: 0, top: [] });
  });
});

describe('publishing', () => {
  it('locks the marks: a save is refused, a correction needs a reason and a manager, and is recorded', async () => {
    expect((await c.s.teacher.post(`/api/exams/${halfYearly.id}/publish`)).status).toBe(403);
    // A save made just before publishing, whose answer the phone never got.
    const early = { write_id: randomUUID(), entries: [{ student_id: kids[0].id, paper_id: papers.songs, value: 30 }] };
    expect((await c.s.teacher.put(marksPath(halfYearly.id, classA.id), early)).status).toBe(200);
    const pub = await c.s.principal.post(`/api/exams/${halfYearly.id}/publish`);
    expect(pub.status, pub.body.message).toBe(200);
    expect((await c.s.principal.post(`/api/exams/${halfYearly.id}/publish`)).status).toBe(409);
    const hana = [{ student_id: kids[7].id, paper_id: papers.catechism, value: 30 }];
    const locked = await save(c.s.teacher, halfYearly.id, hana);
    expect([locked.status, locked.body.message, locked.body.reason]).toEqual([409, M.examPublished, 'exam_published']);
    // Sent again after publishing, it is answered as applied, and changes nothing.
    const resent = await c.s.teacher.put(marksPath(halfYearly.id, classA.id), early);
    expect([resent.status, resent.body.data.replayed]).toEqual([200, true]);
    expect((await save(c.s.teacher, halfYearly.id, hana, { amendment_reason: 'Paper found' })).status).toBe(403);
    expect((await save(c.s.principal, halfYearly.id, hana)).status).toBe(409);
    expect((await c.s.principal.put(`/api/exams/papers/${papers.songs}`, { name: 'Songs', max_marks: 60 })).status).toBe(409);
    const fixed = await save(c.s.principal, halfYearly.id, [...hana, { student_id: kids[0].id, paper_id: papers.scripture, value: 80 }],
      { amendment_reason: 'Paper found in the staff room' });
    expect([fixed.status, fixed.body.data.amended]).toEqual([200, 1]);
    const amendments = (await c.s.principal.get(`/api/exams/${halfYearly.id}/amendments`)).body.data;
    expect(amendments).toMatchObject([{ student_id: kids[7].id, paper_id: papers.catechism, old_marks: null, old_absent: false, new_marks: 30, reason: 'Paper found in the staff room' }]);
    const [entry] = await auditOf(app.db, c.church.id, { action: 'exam.mark_amended' });
    expect(entry.details).toMatchObject({ student_id: kids[7].id, old: null, new: 30, reason: 'Paper found in the staff room' });
    expect((await auditOf(app.db, c.church.id, { action: 'exam.published', resourceId: halfYearly.id })).length).toBe(1);
    // Hana's result is complete now: 40 + 30 + 20 = 90 of 200 = 45.0 %, rank 5 (after Bina and Cyril's 120).
    const rows = byName((await c.s.teacher.get(resultsPath(halfYearly.id, classA.id))).body.data.rows);
    expect(pick(rows.Hana)).toEqual({ total: 90, percentage: 45, division: 'pass', rank: 5, state: 'complete' });
    expect([rows.Eby.rank, rows.George.rank]).toEqual([6, 7]);
  });

  it('unpublishes (audited): marks can be changed again', async () => {
    const res = await c.s.principal.post(`/api/exams/${halfYearly.id}/unpublish`);
    expect(res.status, res.body.message).toBe(200);
    expect((await c.s.principal.post(`/api/exams/${halfYearly.id}/unpublish`)).status).toBe(409);
    expect((await save(c.s.teacher, halfYearly.id, [{ student_id: kids[7].id, paper_id: papers.catechism, value: 30 }])).status).toBe(200);
    expect((await auditOf(app.db, c.church.id, { action: 'exam.unpublished', resourceId: halfYearly.id })).length).toBe(1);
  });

  it('keeps a paper and an exam with marks: no delete, no maximum below a mark, half marks stay allowed', async () => {
    expect((await c.s.principal.delete(`/api/exams/${halfYearly.id}`)).status).toBe(409);
    expect((await c.s.principal.delete(`/api/exams/papers/${papers.songs}`)).status).toBe(409);
    expect((await c.s.principal.put(`/api/exams/papers/${papers.scripture}`, { name: 'Scripture', max_marks: 80 })).body.reason).toBe('max_below_marks');
    expect((await c.s.principal.put(`/api/exams/papers/${papers.catechism}`, { name: 'Catechism', max_marks: 50 })).body.reason).toBe('half_marks_in_use');
    const ok = await c.s.principal.put(`/api/exams/papers/${papers.songs}`, { name: 'Songs and psalms', max_marks: 60 });
    expect([ok.status, ok.body.data.max_marks]).toEqual([200, 60]);
    const bPaper = (await c.s.principal.get(`/api/exams/${halfYearly.id}`)).body.data.classes.find((x: Json) => x.id === classB.id).papers[0].id;
    expect((await c.s.principal.delete(`/api/exams/papers/${bPaper}`)).status).toBe(200);
  });
});

describe('copying last year\'s set-up', () => {
  it('copies the exams and each class\'s papers into a year without exams, once', async () => {
    const next = followingYear(year);
    const A2 = await createClassWithStudents(app.db, c.church.id, { className: '3rd', section: 'A', names: [], academicYear: next });
    const C2 = await createClassWithStudents(app.db, c.church.id, { className: '5th', section: 'A', names: [], academicYear: next });
    const res = await c.s.principal.post('/api/exams/copy-year', { academic_year: next });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.data.exams.map((e: Json) => [e.name, e.kind, e.papers])).toEqual([['Half-yearly', 'half_yearly', 4], ['Annual', 'annual', 2]]);
    const copied = (await c.s.principal.get(`/api/exams/${res.body.data.exams[0].id}`)).body.data.classes;
    expect(copied.map((x: Json) => [x.id, x.papers.map((p: Json) => [p.name, p.max_marks, p.half_marks_allowed])])).toEqual([
      [A2.class.id, [['Scripture', 100, false], ['Catechism', 50, true], ['Songs and psalms', 60, false]]],
      [C2.class.id, [['Scripture', 100, false]]],
    ]);
    expect(res.body.data.exams[0].starts_on).toBe(`${Number(year.slice(0, 4)) + 1}-12-01`);
    expect((await c.s.principal.post('/api/exams/copy-year', { academic_year: next })).status).toBe(409);
    expect((await c.s.teacher.post('/api/exams/copy-year', { academic_year: next })).status).toBe(403);
  });
});

describe('the API document', () => {
  it('lists the exams paths', async () => {
    const doc = (await api(app.url, 'GET', '/api/openapi.json')).body as unknown as { paths: Record<string, unknown> };
    for (const path of ['/api/exams', '/api/exams/scheme', '/api/exams/copy-year', '/api/exams/{exam_id}', '/api/exams/{exam_id}/papers',
      '/api/exams/papers/{paper_id}', '/api/exams/{exam_id}/classes/{class_id}/marks', '/api/exams/{exam_id}/classes/{class_id}/results',
      '/api/exams/{exam_id}/summary', '/api/exams/classes/{class_id}/final-results', '/api/exams/{exam_id}/publish',
      '/api/exams/{exam_id}/unpublish', '/api/exams/{exam_id}/amendments']) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
