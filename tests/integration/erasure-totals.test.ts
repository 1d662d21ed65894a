import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendance, students } from '../../drizzle/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { churchWithSessions, type ChurchSession, type ChurchWithSessions } from '../helpers/church-session.js';
import { createClassWithStudents, type Json } from '../helpers/fixtures.js';

/**
 * Erasing a child keeps every report's totals (docs/PRIVACY.md): the monthly summary on screen and
 * as CSV, the calendar, the printed register, the class's and the church's yearly summaries give the
 * same figures before and after, through the real stack. Two children are erased: one whose marks
 * count in the class (the yearly summary's month was 50.0 % and fell to 0.0 %), and one who moved to
 * another class of the year, whose marks left in the first class count in neither report before and
 * must not start counting after.
 */

let app: TestApp;
let a: ChurchWithSessions;
const YEAR = '2025-2026';
const MONTHS = [{ year: 2025, month: 11 }, { year: 2025, month: 12 }];
let classX: string;
let classY: string;
let erased: { id: string; name: string };
let moved: { id: string; name: string };
let kept: { id: string; name: string };

/** Marks by date: status per child of [erased, kept, moved] ('-' none). Moved has marks in X in November, then in Y. */
const MARKS_X: Record<string, string> = {
  '2025-11-02': 'PAP', '2025-11-09': 'PAA', '2025-11-16': 'PPP', '2025-12-07': 'PA-', '2025-12-14': 'AA-',
};
const MARKS_Y: Record<string, string> = { '2025-12-07': 'P', '2025-12-14': 'A' };

const getFile = (session: ChurchSession, path: string) => fetch(app.url + path, { headers: session.headers });

async function pdfText(session: ChurchSession, path: string) {
  const res = await getFile(session, path);
  expect(res.status).toBe(200);
  const parser = new PDFParse({ data: Buffer.from(await res.arrayBuffer()) });
  try {
    return (await parser.getText()).text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
  } finally {
    await parser.destroy();
  }
}

const sum = (rows: Json[], key: string) => rows.reduce((total, row) => total + (row[key] as number), 0);
/** A line's trailing figures (percentages, counts, '–'), without the roll number and name before them. */
const figuresOf = (line: string) => line.match(/(?:^| )((?:[\d.]+|–)(?: (?:[\d.]+|–))*)$/)?.[1] ?? '';

/** Every report of both classes, reduced to what must not change: totals and figures, no names. */
async function reports() {
  const p = a.s.principal;
  const out: Record<string, unknown> = {};
  for (const classId of [classX, classY]) {
    for (const { year, month } of MONTHS) {
      const key = `${classId === classX ? 'X' : 'Y'} ${year}-${month}`;
      const query = `year=${year}&month=${month}`;
      const monthly = (await p.get(`/api/attendance/class/${classId}/monthly?${query}`)).body.data as Json[];
      out[`${key} monthly totals`] = ['present_days', 'absent_days', 'total_days'].map((k) => sum(monthly, k));
      out[`${key} monthly figures`] = monthly.map((r) => `${r.present_days}/${r.absent_days}/${r.total_days}/${r.percentage}`).sort();
      const csv = await (await getFile(p, `/api/attendance/class/${classId}/monthly.csv?${query}`)).text();
      const csvRows = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1).map((line) => line.split(',').slice(-4).join(','));
      out[`${key} csv figures`] = csvRows.sort();
      out[`${key} calendar`] = (await p.get(`/api/attendance/class/${classId}/calendar?${query}`)).body.data;
      const register = await pdfText(p, `/api/attendance/class/${classId}/register.pdf?${query}`);
      // The foot: per date the children present (with the month's totals and percentage) and absent.
      out[`${key} register foot`] = register.filter((line) => /^Total (present|absent) [\d ]+/.test(line));
      out[`${key} register rows`] = register.filter((line) => /^(\d+ .*|Erased child.*)[\dP A.–]+$/.test(line) && !/^Total (present|absent)/.test(line))
        .map(figuresOf).sort();
    }
    const year = await pdfText(p, `/api/attendance/class/${classId}/year-summary.pdf`);
    out[`${classId === classX ? 'X' : 'Y'} year rows`] = year.map(figuresOf).filter((f) => f.split(' ').length === 13).sort();
  }
  const church = await pdfText(p, `/api/attendance/year-summary.pdf?academic_year=${YEAR}`);
  out['church year'] = church.filter((line) => figuresOf(line).split(' ').length === 13);
  // The year's return: per class and for the Sunday School, children on roll, roll calls, average present and percentage.
  out['church return'] = church.filter((line) => /^(3rd|4th|Sunday School total) .*\d+ \d+ [\d.–]+ [\d.–]+$/.test(line) && figuresOf(line).split(' ').length === 4);
  return out;
}

beforeAll(async () => {
  app = await startTestApp();
  a = await churchWithSessions(app);
  const x = await createClassWithStudents(app.db, a.church.id, { names: ['Erasable Anu', 'Kept Biju', 'Moving Chinnu'], className: '3rd', academicYear: YEAR });
  const y = await createClassWithStudents(app.db, a.church.id, { names: ['Other Deepa'], className: '4th', academicYear: YEAR });
  classX = x.class.id;
  classY = y.class.id;
  [erased, kept, moved] = x.students.map((s) => ({ id: s.id, name: s.name }));
  const churchId = a.church.id;
  const by = a.users.teacher.id;
  await app.db.withTenant(churchId, async (tx) => {
    await tx.insert(attendance).values(Object.entries(MARKS_X).flatMap(([date, statuses]) => x.students.flatMap((s, i) => (statuses[i] === '-' ? [] : [{
      churchId, studentId: s.id, classId: classX, date, status: statuses[i] === 'P' ? 'present' : 'absent', markedBy: by,
    }]))));
    // Chinnu moved to 4th in December: the November marks stay filed under 3rd, where Chinnu is no longer enrolled.
    await tx.update(students).set({ classId: classY, rollNumber: 2 }).where(eq(students.id, moved.id));
    await tx.insert(attendance).values(Object.entries(MARKS_Y).map(([date, statuses]) => ({
      churchId, studentId: moved.id, classId: classY, date, status: statuses[0] === 'P' ? 'present' : 'absent', markedBy: by,
    })));
  });
}, 180_000);
afterAll(async () => { await app?.close(); });

describe('the reports after an erasure', () => {
  it('give the same totals and figures on screen, in CSV, calendar, register and yearly PDFs; the erased child is a row without a name', async () => {
    const before = await reports();
    // The reports do see the marks (the comparison can fail): the class's November is 6 of 9 marks present.
    expect(before['X 2025-11 calendar']).toHaveLength(3);
    expect(before['X 2025-12 monthly totals']).toEqual([1, 3, 4]);
    expect(before['X 2025-12 register foot']).toHaveLength(2);
    expect(before['X 2025-12 register rows']).toHaveLength(2);
    expect(before['X year rows']).toHaveLength(2);
    expect(before['Y year rows']).toHaveLength(2);
    expect(before['church year']).toHaveLength(3);
    // On roll, roll calls, average present, percentage. 3rd: Anu and Biju (Chinnu moved), five roll calls, 5 of 10 marks
    // present; 4th: Deepa and Chinnu, Chinnu's two roll calls, one present; the Sunday School: four children, five days, 6 of 12.
    expect((before['church return'] as string[]).map(figuresOf)).toEqual(['2 5 1.0 50.0', '2 2 0.5 50.0', '4 5 1.2 50.0']);

    for (const child of [erased, moved]) {
      const res = await a.s.principal.post(`/api/students/${child.id}/erase`, { confirm_name: child.name });
      expect(res.status).toBe(200);
    }
    const after = await reports();
    expect(after).toEqual(before);

    // The erased child is listed without name or roll number; the others as they were.
    const monthly = (await a.s.principal.get(`/api/attendance/class/${classX}/monthly?year=2025&month=12`)).body.data as Json[];
    expect(monthly.map((r) => [r.roll_number, r.student_name])).toEqual([[2, kept.name], [null, 'Erased child']]);
    expect(monthly[1].student_id).not.toBe(erased.id);
    const register = await pdfText(a.s.principal, `/api/attendance/class/${classX}/register.pdf?year=2025&month=12`);
    expect(register.join('\n')).not.toContain(erased.name);
    expect(register.some((line) => line.startsWith('Erased child'))).toBe(true);
    const yearRows = await pdfText(a.s.principal, `/api/attendance/class/${classY}/year-summary.pdf`);
    expect(yearRows.join('\n')).not.toContain(moved.name);
  });
});
