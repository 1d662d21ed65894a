import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendance } from '../../drizzle/schema/index.js';
import { translatorFor } from '../../server/core/i18n.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { churchWithSessions, type ChurchSession, type ChurchWithSessions } from '../helpers/church-session.js';
import { createClassWithStudents } from '../helpers/fixtures.js';

// The printed register as the paper one (issue 43, item 12), read back with poppler's pdftotext
// (-layout keeps a table's row on one line): every class day of the month pre-printed, blank without
// a roll call, a roll call on another day kept; the legend; the class's total present per day on its
// own row; the church's name; headings whole in Malayalam; class names in the reader's words. The
// CSV's headings in the reader's language or English; the church year's return checked against the data.

const run = promisify(execFile);
const YEAR = '2025-2026';
const BINU = 'ബിനു മാത്യു';

let app: TestApp;
let a: ChurchWithSessions;
let b: ChurchWithSessions;
let third: { id: string; section: string };
let first: { id: string; section: string };
let lkg: { id: string; section: string };
let dir: string;

/** Status per child [Anna, Binu, Chinnu] by date: two Sundays and a Saturday (not a class day) of November 2025. */
const THIRD_MARKS: Record<string, string> = { '2025-11-02': 'PPA', '2025-11-09': 'PAA', '2025-11-15': 'PPP' };
/** [Deepa, Elsa] in the 1st: a Sunday of December and one of January. */
const FIRST_MARKS: Record<string, string> = { '2025-12-07': 'PA', '2026-01-04': 'PP' };

beforeAll(async () => {
  app = await startTestApp();
  [a, b] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
  const made3 = await createClassWithStudents(app.db, a.church.id, {
    teacherId: a.users.teacher.id, names: ['Anna Joseph', BINU, 'Chinnu Thomas'], className: '3rd', academicYear: YEAR,
  });
  const made1 = await createClassWithStudents(app.db, a.church.id, { names: ['Deepa Nair', 'Elsa Paul'], className: '1st', academicYear: YEAR });
  const madeL = await createClassWithStudents(app.db, a.church.id, { names: ['Femi George'], className: 'LKG', academicYear: YEAR });
  [third, first, lkg] = [made3.class, made1.class, madeL.class];
  const rows = (made: typeof made3, marks: Record<string, string>) => Object.entries(marks).flatMap(([date, statuses]) => made.students.map((s, i) => ({
    churchId: a.church.id, studentId: s.id, classId: made.class.id, date, status: statuses[i] === 'P' ? 'present' as const : 'absent' as const,
    markedBy: a.users.teacher.id,
  })));
  await app.db.withTenant(a.church.id, (tx) => tx.insert(attendance).values([...rows(made3, THIRD_MARKS), ...rows(made1, FIRST_MARKS)]));
  dir = mkdtempSync(path.join(tmpdir(), 'register-print-'));
}, 60_000);
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const getFile = (session: ChurchSession, url: string) => fetch(app.url + url, { headers: session.headers });

/**
 * The served PDF's text by pdftotext -layout, each line's spaces collapsed; and the pairs of words
 * drawn over each other (pdftotext -bbox): a heading too wide for its column runs into the next
 * one's box even when it is clipped, so none may overlap.
 */
async function printed(session: ChurchSession, url: string) {
  const res = await getFile(session, url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const [{ stdout }, { stdout: boxes }] = await Promise.all([
    run('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']),
    run('/usr/bin/pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']),
  ]);
  const lines = stdout.split('\n').map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const overlapping: string[] = [];
  for (const page of boxes.split('<page ').slice(1)) {
    const words = [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)]
      .map((m) => ({ x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]), text: m[5] }));
    for (const [i, w] of words.entries()) {
      for (const v of words.slice(i + 1)) {
        const x = Math.min(w.x1, v.x1) - Math.max(w.x0, v.x0);
        const y = Math.min(w.y1, v.y1) - Math.max(w.y0, v.y0);
        if (x > 1 && y > 0.4 * Math.min(w.y1 - w.y0, v.y1 - v.y0)) overlapping.push(`${w.text} / ${v.text}`);
      }
    }
  }
  return { text: lines.join('\n'), lines, overlapping };
}

async function asLanguage<T>(session: ChurchSession, language: string, work: () => Promise<T>): Promise<T> {
  expect((await session.put('/api/auth/language', { language })).status).toBe(200);
  try {
    return await work();
  } finally {
    await session.put('/api/auth/language', { language: 'en' });
  }
}

const registerUrl = (classId: string, month = 11, year = 2025) => `/api/attendance/class/${classId}/register.pdf?year=${year}&month=${month}`;

describe('the printed monthly register', () => {
  it('pre-prints every Sunday (blank without a roll call), keeps a Saturday roll call, has the legend, the church and the class total row', async () => {
    const { text, lines } = await printed(a.s.teacher, registerUrl(third.id));
    expect(lines[0]).toBe(a.church.name);
    expect(text).toContain('Monthly Attendance Register');
    expect(text).toContain(`Class: 3rd ${third.section}`);
    expect(text).toContain('P = present A = absent Blank = not marked');
    // November 2025: Sundays 2, 9, 16, 23, 30 (16, 23 and 30 without a roll call), and Saturday the 15th's roll call.
    expect(lines).toContain('Roll No Student 2 9 15 16 23 30 Present Absent %');
    expect(lines).toContain('1 Anna Joseph P P P 3 0 100.0');
    expect(lines).toContain('3 Chinnu Thomas A A P 1 2 33.3');
    expect(lines.some((line) => line.startsWith('2 ') && line.endsWith('P A P 2 1 66.7'))).toBe(true);
    // The class's total present per day on its own row, with the month's totals; absent per day under it.
    expect(lines).toContain('Total present 2 1 3 6 3 66.7');
    expect(lines).toContain('Total absent 1 2 0');
    expect(text).toContain('Roll calls taken this month: 3');
  });

  it('a month without any roll call still prints its Sundays for the children, and says none was taken', async () => {
    const { lines, text } = await printed(a.s.teacher, registerUrl(third.id, 2, 2026));
    expect(lines).toContain('Roll No Student 1 8 15 22 Present Absent %');
    expect(lines).toContain('1 Anna Joseph 0 0 –');
    expect(text).toContain('No attendance was recorded in February 2026.');
    expect(text).not.toContain('Total present');
  });

  it('pre-prints the church\'s own class days (Saturdays and Sundays)', async () => {
    const set = await a.s.principal.put('/api/follow-up/settings', { absences_in_a_row: 2, class_days: [6, 7] });
    expect(set.status).toBe(200);
    try {
      const { lines } = await printed(a.s.principal, registerUrl(third.id));
      expect(lines).toContain('Roll No Student 1 2 8 9 15 16 22 23 29 30 Present Absent %');
    } finally {
      await a.s.principal.put('/api/follow-up/settings', { absences_in_a_row: 2, class_days: [7] });
    }
  });

  it('in Malayalam: the headings whole, the language\'s letters with their legend, the class name in Malayalam', async () => {
    const t = translatorFor('ml');
    const { text, lines, overlapping } = await asLanguage(a.s.principal, 'ml', () => printed(a.s.principal, registerUrl(third.id)));
    expect(overlapping).toEqual([]);
    expect(lines[0]).toBe(a.church.name);
    for (const whole of ['റോൾ നമ്പർ', t('reports.student'), t('reports.present'), t('reports.absent'), t('reports.register.title')]) {
      expect(text, whole).toContain(whole);
    }
    expect(text).toContain(`${t('reports.presentLegend')} ${t('reports.absentLegend')} ${t('reports.register.blankLegend')}`);
    expect(text).toContain(`ക്ലാസ്: മൂന്നാം ${third.section}`);
    expect(text).not.toContain('3rd');
    expect(text).toContain(BINU);
    expect(lines).toContain(`1 Anna Joseph ${t('reports.presentShort')} ${t('reports.presentShort')} ${t('reports.presentShort')} 3 0 100.0`);
    expect(lines).toContain(`${t('reports.register.totalPresent')} 2 1 3 6 3 66.7`);
  });
});

describe('the monthly summary as CSV', () => {
  const csvOf = async (session: ChurchSession, query = '') => {
    const res = await getFile(session, `/api/attendance/class/${third.id}/monthly.csv?year=2025&month=11${query}`);
    expect(res.status).toBe(200);
    return (await res.text()).replace(/^\uFEFF/, '').split(/\r?\n/);
  };

  it('has its headings in the reader\'s language, or in English when asked', async () => {
    expect((await csvOf(a.s.principal))[0]).toBe('Roll No,Student,Present,Absent,Total Days,Percentage');
    await asLanguage(a.s.principal, 'ml', async () => {
      const t = translatorFor('ml');
      const lines = await csvOf(a.s.principal);
      expect(lines[0]).toBe(['reports.rollNo', 'reports.student', 'reports.present', 'reports.absent', 'reports.totalDays', 'reports.percentage']
        .map((id) => t(id as Parameters<typeof t>[0])).join(','));
      expect(lines[0]).toContain('റോൾ നമ്പർ');
      expect(lines[1]).toBe('1,Anna Joseph,3,0,3,100.0');
      const english = await csvOf(a.s.principal, '&headings=english');
      expect(english[0]).toBe('Roll No,Student,Present,Absent,Total Days,Percentage');
      expect(english.slice(1)).toEqual(lines.slice(1));
      expect((await csvOf(a.s.principal, '&headings=language'))[0]).toBe(lines[0]);
    });
  });

  it('refuses an unknown headings value with a 400, and another church\'s class is not found', async () => {
    const bad = await getFile(a.s.principal, `/api/attendance/class/${third.id}/monthly.csv?year=2025&month=11&headings=french`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('headings must be one of language, english');
    const other = await getFile(b.s.super_admin, `/api/attendance/class/${third.id}/monthly.csv?year=2025&month=11&headings=english`);
    expect(other.status).toBe(404);
  });
});

describe('the yearly summary of the Sunday School', () => {
  it('has the Sunday School\'s total per month and the year\'s return per class: children on roll, roll calls, average attendance', async () => {
    const { text, lines, overlapping } = await printed(a.s.principal, `/api/attendance/year-summary.pdf?academic_year=${YEAR}`);
    expect(overlapping).toEqual([]);
    expect(lines[0]).toBe(a.church.name);
    // Per month June 2025 ... May 2026: November 6 of 9 present, December 1 of 2, January 2 of 2; the year 9 of 13.
    expect(lines).toContain('Sunday School total – – – – – 66.7 50.0 100.0 – – – – 69.2');
    expect(text).toContain('The year 2025-2026: children on roll and average attendance');
    // Children on roll, roll calls held, children present per roll call, percentage present.
    expect(lines.find((line) => line.startsWith(`3rd ${third.section}`) && line.endsWith(' 3 3 2.0 66.7'))).toBeDefined();
    expect(lines.find((line) => line.startsWith(`1st ${first.section}`) && line.endsWith(' 2 2 1.5 75.0'))).toBeDefined();
    expect(lines).toContain(`LKG ${lkg.section} 1 0 – –`);
    // Six children on roll; five days with a roll call (2, 9, 15 November, 7 December, 4 January), 9 present of 13 marks.
    expect(lines).toContain('Sunday School total 6 5 1.8 69.2');
  });

  it('in Malayalam: month headings and the return\'s headings whole, class names in Malayalam', async () => {
    const t = translatorFor('ml');
    const { text, overlapping } = await asLanguage(a.s.principal, 'ml', () => printed(a.s.principal, `/api/attendance/year-summary.pdf?academic_year=${YEAR}`));
    expect(overlapping).toEqual([]);
    const classYear = await asLanguage(a.s.principal, 'ml', () => printed(a.s.principal, `/api/attendance/class/${third.id}/year-summary.pdf`));
    expect(classYear.overlapping).toEqual([]);
    expect(classYear.text).toContain('റോൾ നമ്പർ');
    const month = new Intl.DateTimeFormat('ml-IN', { month: 'short', timeZone: 'UTC' });
    for (let m = 0; m < 12; m++) expect(text, String(m)).toContain(month.format(Date.UTC(2025, m, 1)));
    for (const id of ['reports.register.onRoll', 'reports.register.rollCallsHeld', 'reports.register.averageChildren', 'reports.register.averagePercent'] as const) {
      for (const word of t(id).split(' ')) expect(text, word).toContain(word);
    }
    expect(text).toContain(`${t('reports.register.schoolTotal')} 6 5 1.8 69.2`);
    for (const name of ['മൂന്നാം', 'ഒന്നാം', t('common.className.lkg')]) expect(text).toContain(name);
  });

  it('another church\'s summary counts none of these children', async () => {
    const { lines } = await printed(b.s.principal, `/api/attendance/year-summary.pdf?academic_year=${YEAR}`);
    expect(lines.join('\n')).toContain('The academic year 2025-2026 has no classes.');
    expect(lines.join('\n')).not.toContain('Sunday School total');
  });
});
