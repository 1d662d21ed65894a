import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendance, studentGuardians } from '../../drizzle/schema/index.js';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { EXAM_MESSAGES as M } from '../../common/exams.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { addChurchUser, createClassWithStudents } from '../helpers/fixtures.js';
import { churchWithSessions, signIn, type ChurchSession, type ChurchWithSessions } from '../helpers/church-session.js';

// The printed result sheet and report cards (issue 44) through real HTTP, read back with poppler's
// pdftotext (-layout keeps a table's row on one line). One class of four children, two exams worked
// out by hand below; a Malayalam name that must come back whole (ActualText); a child whose
// guardian speaks Malayalam gets a Malayalam page; another teacher, a guest and another church are refused.

const run = promisify(execFile);
const year = academicYearOf(todayIn('Asia/Kolkata'), 6);
const startYear = Number(year.slice(0, 4));
const BINU = 'ബിനു മാത്യു';
const NAMES = ['Abel Thomas', BINU, 'Cyril Paul', 'Dora George'];
/**
 * Half-yearly (Scripture 100, Catechism 50 with half marks; 150 in all), weight 40:
 *   Abel 80 + 40.5 = 120.5 = 80.33 % -> 80.3: distinction, rank 1
 *   Binu 70 + 30 = 100 = 66.67 % -> 66.7: first class, rank 2; Cyril the same: rank 2 (shared)
 *   Dora AB, AB: absent, unranked
 * Annual (Scripture 100), weight 60: Abel 90, Binu 95, Cyril 60, Dora 50.
 * The year (40 × half-yearly % + 60 × annual %) / 100, one decimal half up:
 *   Abel 32.12 + 54 = 86.12 -> 86.1 (rank 1); Binu 26.68 + 57 = 83.68 -> 83.7 (rank 2);
 *   Cyril 26.68 + 36 = 62.68 -> 62.7 (rank 3); Dora 0 (absent counts 0) + 30 = 30.0: fail (rank 4).
 */
const HALF_YEARLY: Array<[number | 'AB', number | 'AB']> = [[80, 40.5], [70, 30], [70, 30], ['AB', 'AB']];
const ANNUAL = [90, 95, 60, 50];
/** Attendance in July of the year: Abel 3 of 3, Binu 2 of 3 (66.7 %), Cyril 1 of 3, Dora none marked. */
const PRESENT = [[true, true, true], [true, false, true], [false, false, true]];

let app: TestApp;
let c: ChurchWithSessions;
let other: ChurchWithSessions;
let anu: ChurchSession;
let classA: { id: string; section: string };
let classB: { id: string };
let otherClass: { id: string };
let kids: Array<{ id: string }>;
let ivan: { id: string };
let halfYearly: string;
let annual: string;
let dir: string;

beforeAll(async () => {
  app = await startTestApp();
  [c, other] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
  const A = await createClassWithStudents(app.db, c.church.id, { teacherId: c.users.teacher.id, names: NAMES, className: '3rd', section: 'A', academicYear: year });
  const user = await addChurchUser(app.db, c.church.id, 'teacher', 'Anu');
  anu = await signIn(app.url, c.code, user.email);
  const B = await createClassWithStudents(app.db, c.church.id, { teacherId: user.id, names: ['Ivan'], className: '4th', section: 'A', academicYear: year });
  const O = await createClassWithStudents(app.db, other.church.id, { teacherId: other.users.teacher.id, names: ['Jomon'], academicYear: year });
  [classA, classB, otherClass, kids, ivan] = [A.class, B.class, O.class, A.students, B.students[0]];
  // Binu's first guardian reads Malayalam.
  await app.db.withTenant(c.church.id, (tx) => tx.update(studentGuardians).set({ language: 'ml' })
    .where(and(eq(studentGuardians.churchId, c.church.id), eq(studentGuardians.studentId, kids[1].id))));
  await app.db.withTenant(c.church.id, (tx) => tx.insert(attendance).values(PRESENT.flatMap((days, i) => days.map((present, d) => ({
    churchId: c.church.id, studentId: kids[i].id, classId: classA.id, date: `${startYear}-07-${String(6 + 7 * d).padStart(2, '0')}`,
    status: present ? 'present' as const : 'absent' as const, markedBy: c.users.teacher.id,
  })))));

  const made = async (name: string, kind: string, date: string) => {
    const res = await c.s.principal.post('/api/exams', { academic_year: year, name, kind, starts_on: date, ends_on: date });
    expect(res.status, res.body.message).toBe(201);
    return res.body.data as { exam: { id: string }; classes: Array<{ id: string; papers: Array<{ id: string }> }> };
  };
  const hy = await made('Half-yearly', 'half_yearly', `${startYear}-12-06`);
  const an = await made('Annual', 'annual', `${startYear + 1}-03-07`);
  [halfYearly, annual] = [hy.exam.id, an.exam.id];
  const cat = await c.s.principal.post(`/api/exams/${halfYearly}/papers`, { class_id: classA.id, name: 'Catechism', max_marks: 50, half_marks_allowed: true });
  expect(cat.status, cat.body.message).toBe(201);
  const hyPapers = [hy.classes.find((x) => x.id === classA.id)!.papers[0].id, cat.body.data.id as string];
  const anPaper = an.classes.find((x) => x.id === classA.id)!.papers[0].id;
  const save = async (examId: string, entries: unknown[], remarks: unknown[] = []) => {
    const res = await c.s.teacher.put(`/api/exams/${examId}/classes/${classA.id}/marks`, { write_id: randomUUID(), entries, remarks });
    expect(res.status, res.body.message).toBe(200);
  };
  await save(halfYearly, HALF_YEARLY.flatMap((row, i) => row.map((value, p) => ({ student_id: kids[i].id, paper_id: hyPapers[p], value }))),
    [{ student_id: kids[1].id, remark: 'Good progress in Catechism' }]);
  await save(annual, ANNUAL.map((value, i) => ({ student_id: kids[i].id, paper_id: anPaper, value })));
  expect((await c.s.principal.post(`/api/exams/${annual}/publish`, {})).status).toBe(200);
  dir = mkdtempSync(path.join(tmpdir(), 'exam-pdfs-'));
}, 240_000);
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const get = (session: ChurchSession, url: string) => fetch(app.url + url, { headers: session.headers });

/** The served PDF's pages as text (pdftotext -layout), each line's spaces collapsed. */
async function printed(session: ChurchSession, url: string): Promise<string[][]> {
  const res = await get(session, url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const file = path.join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const { stdout } = await run('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout.split('\f').filter((page) => page.trim())
    .map((page) => page.split('\n').map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean));
}

const sheetUrl = (examId: string, classId: string) => `/api/exams/${examId}/classes/${classId}/result-sheet.pdf`;
const cardsUrl = (classId: string, studentId?: string) => `/api/exams/classes/${classId}/report-cards.pdf${studentId ? `?student_id=${studentId}` : ''}`;

async function asLanguage<T>(session: ChurchSession, language: string, work: () => Promise<T>): Promise<T> {
  expect((await session.put('/api/auth/language', { language })).status).toBe(200);
  try {
    return await work();
  } finally {
    await session.put('/api/auth/language', { language: 'en' });
  }
}

describe('the printed result sheet', () => {
  it('lists the class in roll-number order: each paper, total, percentage, result and rank, under the church, exam, class and year', async () => {
    const [page, ...more] = await printed(c.s.teacher, sheetUrl(halfYearly, classA.id));
    expect(more).toEqual([]);
    expect(page[0]).toBe(c.church.name);
    expect(page).toContain('Result Sheet');
    expect(page).toContain(`Exam: Half-yearly Class: 3rd A Academic Year: ${year}`);
    expect(page).toContain('Roll No Student Scripture (100) Catechism (50) Total (150) % Result Rank');
    expect(page).toContain('1 Abel Thomas 80 40.5 120.5 80.3 Distinction 1');
    expect(page).toContain(`2 ${BINU} 70 30 100 66.7 First class 2`);
    expect(page).toContain('3 Cyril Paul 70 30 100 66.7 First class 2');
    expect(page).toContain('4 Dora George AB AB 0 – Absent –');
    expect(page).toContain('Pass mark 35% in every paper. Distinction 75%, first class 60%, second class 50%.');
    // Not published yet: it says so; the published annual sheet does not.
    expect(page).toContain('Provisional: these results are not published yet.');
    const [published] = await printed(c.s.principal, sheetUrl(annual, classA.id));
    expect(published).toContain(`2 ${BINU} 95 95 95.0 Distinction 1`);
    expect(published.join('\n')).not.toContain('Provisional');
  });

  it('is in the reader\'s language, the names as written', async () => {
    const [page] = await asLanguage(c.s.teacher, 'ml', () => printed(c.s.teacher, sheetUrl(halfYearly, classA.id)));
    expect(page).toContain('ഫല പട്ടിക');
    expect(page.join('\n')).toContain('റോൾ നമ്പർ');
    expect(page).toContain('1 Abel Thomas 80 40.5 120.5 80.3 ഡിസ്റ്റിംഗ്ഷൻ 1');
    expect(page).toContain(`2 ${BINU} 70 30 100 66.7 ഫസ്റ്റ് ക്ലാസ് 2`);
  });

  it('refuses a teacher of another class (404), a guest (403), another church\'s class or exam (404) and a bad id (400)', async () => {
    expect((await get(anu, sheetUrl(halfYearly, classA.id))).status).toBe(404);
    expect((await get(c.s.guest, sheetUrl(halfYearly, classA.id))).status).toBe(403);
    expect((await get(c.s.principal, sheetUrl(halfYearly, otherClass.id))).status).toBe(404);
    expect((await get(other.s.principal, sheetUrl(halfYearly, classA.id))).status).toBe(404);
    const bad = await get(c.s.principal, sheetUrl('x', classA.id));
    expect([bad.status, (await bad.json()).message]).toEqual([400, 'Exam is not valid']);
  });
});

describe('the printed report cards', () => {
  it('prints a page per child: each exam\'s marks, total, percentage, result, rank, the year\'s result and attendance', async () => {
    const pages = await printed(c.s.principal, cardsUrl(classA.id));
    expect(pages.map((p) => p.find((line) => NAMES.some((n) => line.endsWith(n))))).toEqual([
      'Name: Abel Thomas', `പേര്: ${BINU}`, 'Name: Cyril Paul', 'Name: Dora George',
    ]);
    const [abel, , cyril, dora] = pages;
    expect(abel[0]).toBe(c.church.name);
    expect(abel).toContain('Progress Report');
    expect(abel).toContain(`Class: 3rd A Roll No: 1 Academic Year: ${year}`);
    expect(abel).toContain('Half-yearly');
    expect(abel).toContain('Scripture 100 80');
    expect(abel).toContain('Catechism 50 40.5');
    expect(abel).toContain('Total 150 120.5');
    expect(abel).toContain('Percentage: 80.3% Result: Distinction Rank in class: 1');
    expect(abel).toContain('Annual');
    expect(abel).toContain('Total 100 90');
    expect(abel).toContain('Final result of the year');
    expect(abel).toContain('Percentage: 86.1% Result: Distinction Rank in class: 1');
    expect(abel).toContain('The year\'s result weighs: Half-yearly 40%, Annual 60%');
    expect(abel).toContain('Attendance: 3 of 3 days (100.0%)');
    expect(abel).toContain('Class teacher Headmaster');
    expect(cyril).toContain('Percentage: 66.7% Result: First class Rank in class: 2');
    expect(cyril).toContain('Percentage: 62.7% Result: First class Rank in class: 3');
    expect(cyril).toContain('Attendance: 1 of 3 days (33.3%)');
    expect(dora).toContain('Scripture 100 AB');
    expect(dora).toContain('Percentage: – Result: Absent Rank in class: –');
    expect(dora).toContain('Percentage: 30.0% Result: Fail Rank in class: 4');
    expect(dora).toContain('Attendance: No roll call this year');
  });

  it('prints a child whose guardian reads Malayalam in Malayalam, the name whole; one child alone with student_id', async () => {
    const pages = await printed(c.s.teacher, cardsUrl(classA.id, kids[1].id));
    expect(pages.length).toBe(1);
    const [binu] = pages;
    expect(binu).toContain('പുരോഗതി റിപ്പോർട്ട്');
    expect(binu).toContain(`പേര്: ${BINU}`);
    expect(binu).toContain('ആകെ 150 100');
    expect(binu).toContain('ശതമാനം: 66.7% ഫലം: ഫസ്റ്റ് ക്ലാസ് ക്ലാസിലെ റാങ്ക്: 2');
    expect(binu).toContain('ശതമാനം: 83.7% ഫലം: ഡിസ്റ്റിംഗ്ഷൻ ക്ലാസിലെ റാങ്ക്: 2');
    expect(binu).toContain('വർഷത്തെ അന്തിമ ഫലം');
    expect(binu).toContain('അധ്യാപകരുടെ അഭിപ്രായം: Good progress in Catechism');
    expect(binu).toContain('ഹാജർ: 3 ദിവസത്തിൽ 2 (66.7%)');
    expect(binu.join('\n')).not.toContain('Progress Report');
  });

  it('refuses a teacher of another class, a guest, another church\'s class, and a child not of the class', async () => {
    expect((await get(anu, cardsUrl(classA.id))).status).toBe(404);
    expect((await get(c.s.guest, cardsUrl(classA.id))).status).toBe(403);
    expect((await get(c.s.principal, cardsUrl(otherClass.id))).status).toBe(404);
    expect((await get(other.s.principal, cardsUrl(classA.id))).status).toBe(404);
    const notHere = await get(c.s.principal, cardsUrl(classA.id, ivan.id));
    expect([notHere.status, (await notHere.json()).message]).toEqual([404, M.childNotInClass]);
    // Anu's own class: one page, no exam results yet for its one child beyond the default papers.
    const [page] = await printed(anu, cardsUrl(classB.id));
    expect(page).toContain('Name: Ivan');
  });
});
