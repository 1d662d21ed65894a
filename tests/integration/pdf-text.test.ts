import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../common/i18n/locales.js';
import { attendance } from '../../drizzle/schema/index.js';
import { translatorFor } from '../../server/core/i18n.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { churchWithSessions, type ChurchSession, type ChurchWithSessions } from '../helpers/church-session.js';
import { createClassWithStudents } from '../helpers/fixtures.js';

// The text of the served PDFs as poppler's pdftotext extracts it (what copy, search and screen
// readers get): Malayalam, Tamil and Devanagari names and headings come out as written, not in the
// visual order of their shaped glyphs (ജോ drawn as the vowel sign before the consonant, the reph of
// र्मा after it); and every PDF is tagged (marked, its language, a structure tree in reading order).

const run = promisify(execFile);
const PDFTOTEXT = '/usr/bin/pdftotext';
const PDFINFO = '/usr/bin/pdfinfo';

/** A child's name in each Indian script the app speaks, NFC as a name is stored. */
const NAMES = {
  malayalam: 'ജോസഫ് തോമസ്',
  tamil: 'ஜோசப் ராஜ்',
  devanagari: 'राहुल शर्मा',
};
const YEAR = '2025-2026';

let app: TestApp;
let a: ChurchWithSessions;
let cls: { id: string };
let children: Array<{ id: string; name: string }>;
let dir: string;

beforeAll(async () => {
  app = await startTestApp();
  a = await churchWithSessions(app);
  const made = await createClassWithStudents(app.db, a.church.id, {
    teacherId: a.users.teacher.id, names: [...Object.values(NAMES), 'Anna Joseph'], className: '3rd', academicYear: YEAR,
  });
  cls = made.class;
  children = made.students;
  await app.db.withTenant(a.church.id, (tx) => tx.insert(attendance).values(['2025-11-02', '2025-11-09'].flatMap((date, d) => made.students.map((s, i) => ({
    churchId: a.church.id, studentId: s.id, classId: made.class.id, date, status: (i + d) % 2 ? 'absent' : 'present', markedBy: a.users.teacher.id,
  })))));
  dir = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
}, 60_000);
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The served PDF (200, application/pdf), its text by pdftotext and its structure by pdfinfo. */
async function served(session: ChurchSession, url: string) {
  const res = await fetch(app.url + url, { headers: session.headers });
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = Buffer.from(await res.arrayBuffer());
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const [{ stdout: text }, { stdout: structure }] = await Promise.all([
    run(PDFTOTEXT, ['-enc', 'UTF-8', file, '-']),
    run(PDFINFO, ['-struct', file]),
  ]);
  return { bytes: bytes.toString('latin1'), text, structure };
}

/** The PDF is tagged: marked, in the language of its texts, with a structure tree holding what is asked. */
function expectTagged(pdf: { bytes: string; structure: string }, language: Locale, elements: string[]) {
  expect(pdf.bytes).toMatch(/\/MarkInfo \d+ 0 R/);
  expect(pdf.bytes).toMatch(/\/Marked true/);
  expect(pdf.bytes).toContain(`/Lang (${language}-IN)`);
  expect(pdf.bytes).toMatch(/\/StructTreeRoot \d+ 0 R/);
  const lines = pdf.structure.split('\n').map((line) => line.trim().split(' ')[0]);
  expect(lines[0]).toBe('Document');
  for (const element of elements) expect(lines, element).toContain(element);
}

/** Each expected text is in the extracted text exactly as written (NFC, the letters in their order). */
function expectText(text: string, expected: string[]) {
  for (const source of expected) {
    expect(source).toBe(source.normalize('NFC'));
    expect(text, source).toContain(source);
  }
}

describe('the text of the PDFs is the text written, in every script', () => {
  it.each(LOCALES)('the monthly register, the class year and the church year in %s', async (language) => {
    const t = translatorFor(language);
    const set = await a.s.principal.put('/api/auth/language', { language });
    expect(set.status).toBe(200);

    const register = await served(a.s.principal, `/api/attendance/class/${cls.id}/register.pdf?year=2025&month=11`);
    // The note under the table counts the month's two roll calls (in Hindi the number first: 'इस महीने 2 बार हाज़िरी ली गई।').
    expectText(register.text, [...Object.values(NAMES), 'Anna Joseph', t('reports.register.title'), t('reports.student'), t('reports.present'),
      t('reports.register.rollCalls', { held: 2 })]);
    expectTagged(register, language, ['H1', 'Table', 'TR', 'TH', 'TD', 'P']);

    const classYear = await served(a.s.principal, `/api/attendance/class/${cls.id}/year-summary.pdf`);
    expectText(classYear.text, [...Object.values(NAMES), t('reports.register.classYearTitle'), t('reports.student')]);
    expectTagged(classYear, language, ['H1', 'Table', 'TR', 'TH', 'TD']);

    const churchYear = await served(a.s.principal, `/api/attendance/year-summary.pdf?academic_year=${YEAR}`);
    expectText(churchYear.text, [t('reports.register.churchYearTitle'), t('reports.class'), t('reports.register.teacher')]);
    expectTagged(churchYear, language, ['H1', 'Table', 'TR', 'TH', 'TD']);
  });

  it.each(LOCALES)('the consent form in %s, for a child of each script', async (language) => {
    const t = translatorFor(language);
    for (const child of children) {
      const form = await served(a.s.principal, `/api/students/${child.id}/consent-form?lang=${language}`);
      expectText(form.text, [child.name, t('privacy.form.title'), t('privacy.form.consentHeading'), t('privacy.purpose.photos')]);
      expectTagged(form, language, ['H1', 'H2', 'H3', 'P']);
    }
  });
});
