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
    const { text, pages, disposition, bytes } = await pdfOf(a.s.teacher, `/api/attendance/class/${small.id}/register.pdf?year=2025&month=11`);
    if (process.env.REGISTER_PDF_OUT) (await import('node:fs')).writeFileSync(process.env.REGISTER_PDF_OUT, bytes);
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
});
