import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { attendance } from '../../drizzle/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { churchWithSessions, type ChurchSession, type ChurchWithSessions } from '../helpers/church-session.js';
import { createClassWithStudents, type Json } from '../helpers/fixtures.js';

// The printed register and yearly summaries, read back with pdf-parse and compared with the JSON
// monthly summaries of the same class and month: the printed figures are the served figures.

let app: TestApp;
let a: ChurchWithSessions;
let b: ChurchWithSessions;
let small: { id: string };
let big: { id: string };
let empty: { id: string };
const YEAR = '2025-2026';
const MALAYALAM = 'ബിനു മാത്യു';
const NAMES = ['Anna Joseph', MALAYALAM, 'Chinnu Thomas', 'Deepa Nair'];

/** Status by child (index in NAMES) for each date: a different figure for each child. */
const SMALL_MARKS: Record<string, string> = {
  '2025-11-02': 'PPAP', '2025-11-09': 'PAAP', '2025-11-16': 'PPAA', '2025-11-23': 'APAP',
  '2025-12-07': 'PPPA', '2025-12-14': 'AAPP', '2026-01-04': 'PAPA',
};

beforeAll(async () => {
  app = await startTestApp();
  [a, b] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
  const made = await createClassWithStudents(app.db, a.church.id, { teacherId: a.users.teacher.id, names: NAMES, className: '3rd', academicYear: YEAR });
  const large = await createClassWithStudents(app.db, a.church.id, { students: 60, className: '5th', academicYear: YEAR });
  const none = await createClassWithStudents(app.db, a.church.id, { teacherId: a.users.teacher.id, names: ['Elsa Varghese', 'Femi Paul'], className: '4th', academicYear: YEAR });
  small = made.class;
  big = large.class;
  empty = none.class;
  const marked = a.users.teacher.id;
  await app.db.withTenant(a.church.id, async (tx) => {
    await tx.insert(attendance).values(Object.entries(SMALL_MARKS).flatMap(([date, statuses]) => made.students.map((s, i) => ({
      churchId: a.church.id, studentId: s.id, classId: made.class.id, date, status: statuses[i] === 'P' ? 'present' : 'absent', markedBy: marked,
    }))));
    await tx.insert(attendance).values(['2025-11-02', '2025-11-09', '2025-12-07'].flatMap((date, d) => large.students.map((s, i) => ({
      churchId: a.church.id, studentId: s.id, classId: large.class.id, date, status: (i + d) % 3 === 0 ? 'absent' : 'present', markedBy: marked,
    }))));
  });
}, 60_000);
afterAll(async () => { await app?.close(); });

const getFile = (session: ChurchSession, path: string) => fetch(app.url + path, { headers: session.headers });

async function pdfOf(session: ChurchSession, path: string) {
  const res = await getFile(session, path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: bytes });
  try {
    const result = await parser.getText();
    return { pages: result.total, text: result.text, disposition: res.headers.get('content-disposition'), bytes };
  } finally {
    await parser.destroy();
  }
}

const occurrences = (text: string, what: string) => text.split(what).length - 1;
const linesOf = (text: string) => text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());

describe('the monthly register', () => {
  it('prints the monthly summary\'s figures per child, a cell per date marked and the totals per date', async () => {
    const { text, pages, disposition } = await pdfOf(a.s.teacher, `/api/attendance/class/${small.id}/register.pdf?year=2025&month=11`);
    expect(pages).toBe(1);
    expect(disposition).toMatch(/^attachment; filename="register-3rd-S\d+-[0-9a-f]+-2025-11\.pdf"$/);
    const summary = (await a.s.teacher.get(`/api/attendance/class/${small.id}/monthly?year=2025&month=11`)).body.data as Json[];
    expect(summary).toHaveLength(4);
    const lines = linesOf(text);
    for (const row of summary) {
      const cells = Object.keys(SMALL_MARKS).filter((d) => d.startsWith('2025-11')).map((d) => SMALL_MARKS[d][row.roll_number - 1]).join(' ');
      const expected = `${row.roll_number} ${row.student_name === MALAYALAM ? '' : `${row.student_name} `}${cells} ${row.present_days} ${row.absent_days} ${row.percentage.toFixed(1)}`;
      if (row.student_name === MALAYALAM) expect(lines.some((l) => l.startsWith(`${row.roll_number} `) && l.endsWith(expected.slice(2)))).toBe(true);
      else expect(lines).toContain(expected);
    }
    for (const expected of [a.church.name, 'Monthly Attendance Register', 'Teacher: teacher of', 'November 2025', 'Teacher\'s signature', 'Principal\'s signature']) {
      expect(text).toContain(expected);
    }
  });

  it('a class of 60 paginates with the heading and the column headings on every page, every child once', async () => {
    const { text, pages } = await pdfOf(a.s.principal, `/api/attendance/class/${big.id}/register.pdf?year=2025&month=11`);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(occurrences(text, 'Monthly Attendance Register')).toBe(pages);
    expect(occurrences(text, 'Month: November 2025')).toBe(pages);
    expect(occurrences(text, 'Roll No')).toBe(pages);
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Page ${page}`);
    const lines = linesOf(text);
    for (let i = 1; i <= 60; i++) expect(lines.filter((l) => l.startsWith(`${i} Student ${i} `))).toHaveLength(1);
    // The class has no teacher: the heading says so.
    expect(text).toContain('Teacher: Not assigned');
  });

  it('a month without marks lists the children and says no attendance was recorded', async () => {
    const { text } = await pdfOf(a.s.teacher, `/api/attendance/class/${empty.id}/register.pdf?year=2025&month=11`);
    expect(text).toContain('Elsa Varghese');
    expect(text).toContain('Femi Paul');
    expect(text.replace(/\s+/g, ' ')).toContain('No attendance was recorded in November 2025.');
  });

  it('in the reader\'s language: Malayalam headings, the names as written', async () => {
    await a.s.principal.put('/api/auth/language', { language: 'ml' });
    try {
      const { text } = await pdfOf(a.s.principal, `/api/attendance/class/${small.id}/register.pdf?year=2025&month=11`);
      expect(text).toContain('Anna Joseph');
      expect(text).toContain(MALAYALAM);
      expect(text).toMatch(/[\u0D00-\u0D7F]{3}/);
      expect(text).not.toContain('Monthly Attendance Register');
    } finally {
      await a.s.principal.put('/api/auth/language', { language: 'en' });
    }
  });

  it('another church\'s class is not found, a class the teacher does not teach is not found (as its summary), a guest is refused, '
    + 'bad input is a 400', async () => {
    const path = (id: string) => `/api/attendance/class/${id}/register.pdf?year=2025&month=11`;
    expect((await getFile(b.s.super_admin, path(small.id))).status).toBe(404);
    expect((await getFile(b.s.super_admin, `/api/attendance/class/${small.id}/year-summary.pdf`)).status).toBe(404);
    expect((await getFile(a.s.teacher, path(big.id))).status).toBe(404);
    expect((await getFile(a.s.teacher, `/api/attendance/class/${big.id}/monthly?year=2025&month=11`)).status).toBe(404);
    expect((await getFile(a.s.teacher, `/api/attendance/class/${big.id}/year-summary.pdf`)).status).toBe(404);
    expect((await getFile(a.s.guest, path(small.id))).status).toBe(403);
    const bad = await getFile(a.s.principal, `/api/attendance/class/${small.id}/register.pdf?year=2025&month=13`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).success).toBe(false);
    expect((await getFile(a.s.principal, '/api/attendance/year-summary.pdf?academic_year=2025-2027')).status).toBe(400);
  });
});

/** The monthly summary's percentage of each child of a class, by month (YYYY-MM). */
async function monthlyPercentages(session: ChurchSession, classId: string, months: string[]) {
  const out = new Map<string, Map<string, number | null>>();
  for (const month of months) {
    const rows = (await session.get(`/api/attendance/class/${classId}/monthly?year=${month.slice(0, 4)}&month=${Number(month.slice(5))}`)).body.data as Json[];
    for (const row of rows) {
      if (!out.has(row.student_name)) out.set(row.student_name, new Map());
      out.get(row.student_name)!.set(month, row.percentage);
    }
  }
  return out;
}

const YEAR_MONTHS = ['2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05'];
const shown = (value: number | null | undefined) => (value === null || value === undefined ? '–' : value.toFixed(1));

describe('the yearly summaries', () => {
  it('a class: each child\'s percentage per month is the monthly summary\'s', async () => {
    const { text, pages, disposition } = await pdfOf(a.s.teacher, `/api/attendance/class/${small.id}/year-summary.pdf`);
    expect(pages).toBe(1);
    expect(disposition).toMatch(/filename="attendance-year-3rd-.*-2025-2026\.pdf"/);
    expect(text).toContain('Yearly Attendance Summary');
    expect(text).toContain('Academic Year: 2025-2026');
    const monthly = await monthlyPercentages(a.s.teacher, small.id, YEAR_MONTHS);
    const lines = linesOf(text);
    for (const [name, byMonth] of monthly) {
      const cells = YEAR_MONTHS.map((m) => shown(byMonth.get(m))).join(' ');
      expect(lines.some((l) => l.includes(cells) && (name === MALAYALAM || l.includes(name)))).toBe(true);
    }
    // Over the year: Anna was present 5 of 7 days.
    expect(lines.find((l) => l.includes('Anna Joseph'))!.endsWith(` ${(Math.round(1000 * 5 / 7) / 10).toFixed(1)}`)).toBe(true);
  });

  it('the church: each class\'s percentage per month is its monthly summary\'s present over its marks', async () => {
    const { text } = await pdfOf(a.s.principal, '/api/attendance/year-summary.pdf?academic_year=2025-2026');
    expect(text).toContain('Yearly Attendance Summary of the Sunday School');
    const lines = linesOf(text);
    for (const cls of [small, big, empty]) {
      const cells: string[] = [];
      for (const month of YEAR_MONTHS) {
        const rows = (await a.s.principal.get(`/api/attendance/class/${cls.id}/monthly?year=${month.slice(0, 4)}&month=${Number(month.slice(5))}`)).body.data as Json[];
        const present = rows.reduce((sum, r) => sum + r.present_days, 0);
        const total = rows.reduce((sum, r) => sum + r.total_days, 0);
        cells.push(total ? (Math.round(1000 * present / total) / 10).toFixed(1) : '–');
      }
      expect(lines.some((l) => l.includes(cells.join(' ')))).toBe(true);
    }
    expect((await getFile(a.s.teacher, '/api/attendance/year-summary.pdf?academic_year=2025-2026')).status).toBe(403);
    expect((await getFile(b.s.principal, '/api/attendance/year-summary.pdf?academic_year=2025-2026')).status).toBe(200);
  });

  it('another church\'s summary of the same year names none of this church\'s classes', async () => {
    const { text } = await pdfOf(b.s.super_admin, '/api/attendance/year-summary.pdf?academic_year=2025-2026');
    expect(text).toContain('The academic year 2025-2026 has no classes.');
    expect(text).not.toContain('3rd');
  });
});

