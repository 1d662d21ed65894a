import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { attendance, examMarks, examPapers, examRemarks, exams, studentConsents } from '../../drizzle/schema/index.js';
import { translatorFor } from '../../server/core/i18n.js';
import { formatDateAndTime } from '../../common/i18n/time-of-day.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { churchWithSessions, type ChurchWithSessions } from '../helpers/church-session.js';
import { createClassWithStudents } from '../helpers/fixtures.js';

// The family's export in words: follow-up calls in the ZIP, and family-summary.pdf in the family's
// language (the first guardian's who has one, else the church's), phones written for reading, its
// text read by poppler's pdftotext as a parent's reader would; the download link offered on WhatsApp
// only to guardians who agreed to messages; and the printed consent form in the same family's
// language, or the one asked for.

const run = promisify(execFile);
const ml = translatorFor('ml');
const en = translatorFor('en');

const MALAYALAM_NAME = 'ജോസഫ് തോമസ്';
/** Marks of both children in two months (January: 2 present of 3; February: 1 present of 2). */
const MARKS = [
  { date: '2025-01-05', status: 'present' }, { date: '2025-01-12', status: 'absent' }, { date: '2025-01-19', status: 'present' },
  { date: '2025-02-02', status: 'absent' }, { date: '2025-02-09', status: 'present' },
];

let app: TestApp;
let a: ChurchWithSessions;
let b: ChurchWithSessions;
let cls: { id: string };
let malayalamChild: { id: string; name: string };
let englishChild: { id: string; name: string };
let otherChurchChild: { id: string; name: string };
let dir: string;

beforeAll(async () => {
  app = await startTestApp();
  [a, b] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
  const made = await createClassWithStudents(app.db, a.church.id, { teacherId: a.users.teacher.id, names: [MALAYALAM_NAME, 'Anna Joseph'], className: '3rd' });
  cls = made.class;
  [malayalamChild, englishChild] = made.students;
  otherChurchChild = (await createClassWithStudents(app.db, b.church.id, { teacherId: b.users.teacher.id, names: ['Bina Thomas'] })).students[0];
  await app.db.withTenant(a.church.id, async (tx) => {
    await tx.insert(attendance).values(made.students.flatMap((s) => MARKS.map((m) => ({
      churchId: a.church.id, studentId: s.id, classId: made.class.id, date: m.date, status: m.status, markedBy: a.users.teacher.id,
    }))));
    // The Malayalam child's marks in a half-yearly exam (72 of 100 in Scripture, absent in Songs) and a remark.
    const [exam] = await tx.insert(exams).values({
      churchId: a.church.id, academicYear: made.class.academicYear, name: 'Half-yearly', kind: 'half_yearly', createdBy: a.users.principal.id,
    }).returning();
    const [scripture, songs] = await tx.insert(examPapers).values([
      { churchId: a.church.id, examId: exam.id, classId: made.class.id, name: 'Scripture', maxMarks: 100, position: 1 },
      { churchId: a.church.id, examId: exam.id, classId: made.class.id, name: 'Songs', maxMarks: 50, position: 2 },
    ]).returning();
    await tx.insert(examMarks).values([
      { churchId: a.church.id, examId: exam.id, paperId: scripture.id, studentId: malayalamChild.id, marks: '72.0', enteredBy: a.users.teacher.id },
      { churchId: a.church.id, examId: exam.id, paperId: songs.id, studentId: malayalamChild.id, absent: true, enteredBy: a.users.teacher.id },
    ]);
    await tx.insert(examRemarks).values({ churchId: a.church.id, examId: exam.id, studentId: malayalamChild.id, remark: 'നന്നായി വായിക്കുന്നു', writtenBy: a.users.teacher.id });
    await tx.insert(studentConsents).values([
      { purpose: 'photos', given: true, recordedAt: new Date('2025-01-01T10:00:00Z') },
      { purpose: 'photos', given: false, recordedAt: new Date('2025-03-01T10:00:00Z') },
      { purpose: 'enrolment', given: true, recordedAt: new Date('2025-01-01T10:00:00Z') },
    ].map((c) => ({
      churchId: a.church.id, studentId: malayalamChild.id, guardianName: 'മേരി', guardianRelation: 'mother', method: 'paper_form',
      recordedBy: a.users.principal.id, recordedByName: 'Principal', ...c,
    })));
  });
  const guardians = await a.s.principal.put(`/api/students/${malayalamChild.id}/guardians`, { guardians: [
    { name: 'മേരി', relation: 'mother', phone: '98470 12345', whatsapp: 'phone', contact_consent: true, language: 'ml' },
    { name: 'John', relation: 'father', phone: '98470 54321', whatsapp: 'none', contact_consent: true, language: 'en' },
    { name: 'Susan', relation: 'relative', phone: '98470 11111', whatsapp: 'phone', contact_consent: false },
  ] });
  expect(guardians.status, guardians.body.message).toBe(200);
  const english = await a.s.principal.put(`/api/students/${englishChild.id}/guardians`, { guardians: [
    { name: 'Peter Joseph', relation: 'father', phone: '98470 22222', whatsapp: 'phone', contact_consent: true },
  ] });
  expect(english.status, english.body.message).toBe(200);
  for (const contact of [{ outcome: 'no_answer' }, { outcome: 'reached', note: 'അമ്മ പറഞ്ഞു: പനി' }]) {
    const res = await a.s.teacher.post(`/api/follow-up/${malayalamChild.id}/contacts`, contact);
    expect(res.status, res.body.message).toBe(201);
  }
  const other = await b.s.teacher.post(`/api/follow-up/${otherChurchChild.id}/contacts`, { outcome: 'sick', note: 'Other church note' });
  expect(other.status, other.body.message).toBe(201);
  dir = mkdtempSync(path.join(tmpdir(), 'family-summary-'));
}, 60_000);
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The entries of a ZIP, each with its bytes. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => { entries.set(entry.fileName, Buffer.concat(chunks)); zip.readEntry(); });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** pdftotext's text of a PDF, in its layout (a table's row on one line). */
async function textOf(pdf: Buffer) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return (await run('/usr/bin/pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'])).stdout;
}

type Session = ChurchWithSessions['s']['principal'];

/** Starts an export of the child, waits for it, and answers its link (as the API gives it). */
async function readyLink(session: Session, studentId: string) {
  const started = await session.post(`/api/students/${studentId}/export`);
  expect(started.status, started.body.message).toBe(202);
  await app.server.services.background.idle();
  const link = await session.post(`/api/exports/${started.body.data.id}/link`);
  expect(link.status, link.body.message).toBe(200);
  return link.body.data as {
    path: string; url: string; expires_at: string;
    guardians: Array<{ guardian_id: string; name: string; language: string; whatsapp_url: string | null; not_offered: string | null }>;
  };
}

async function exportOf(session: Session, studentId: string) {
  const link = await readyLink(session, studentId);
  const res = await fetch(app.url + link.path);
  expect(res.status).toBe(200);
  return unzip(Buffer.from(await res.arrayBuffer()));
}

describe('the family export in words', () => {
  it('holds the follow-up calls (when, by whom, outcome, note), oldest first', async () => {
    const files = await exportOf(a.s.principal, malayalamChild.id);
    expect([...files.keys()]).toEqual(expect.arrayContaining(['follow-up.json', 'family-summary.pdf', 'profile.json']));
    const calls = JSON.parse(files.get('follow-up.json')!.toString()) as Array<Record<string, unknown>>;
    expect(calls).toEqual([
      { contacted_at: expect.any(String), contacted_by: a.users.teacher.name, outcome: 'no_answer', note: null },
      { contacted_at: expect.any(String), contacted_by: a.users.teacher.name, outcome: 'reached', note: 'അമ്മ പറഞ്ഞു: പനി' },
    ]);
    expect(JSON.stringify([...files.values()].map((f) => f.toString('latin1')))).not.toContain('Other church note');
  });

  it('a Malayalam guardian gets the summary in Malayalam: the child\'s name, every heading, the call note, attendance by month as the reports count it', async () => {
    const files = await exportOf(a.s.super_admin, malayalamChild.id);
    const text = await textOf(files.get('family-summary.pdf')!);
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [MALAYALAM_NAME, ml('privacy.family.title', { child: MALAYALAM_NAME }), ml('privacy.family.profile'),
      ml('privacy.family.guardians'), ml('privacy.family.email'), ml('privacy.family.agreedToMessages'), ml('privacy.family.consentsInForce'), ml('privacy.family.consentHistory'), ml('privacy.family.followUp'),
      ml('privacy.family.attendance'), ml('privacy.family.photos'), ml('privacy.family.noPhotos'), ml('privacy.purpose.photos'),
      ml('followup.outcome.reached'), 'അമ്മ പറഞ്ഞു: പനി', 'മേരി', a.church.name,
      ml('privacy.family.exams'), ml('privacy.family.paper'), ml('privacy.family.absentFromPaper'), '72 / 100', 'നന്നായി വായിക്കുന്നു']) {
      expect(flat, expected).toContain(expected);
    }
    expect(text).not.toContain(en('privacy.family.followUp'));

    // Each month's present, absent and total, as the class's monthly report has them for the child.
    const month = new Intl.DateTimeFormat('ml-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (const [year, m] of [[2025, 1], [2025, 2]]) {
      const report = await a.s.principal.get(`/api/attendance/class/${cls.id}/monthly?year=${year}&month=${m}`);
      expect(report.status, report.body.message).toBe(200);
      const row = (report.body.data as Array<Record<string, unknown>>).find((r) => r.student_id === malayalamChild.id)!;
      const line = text.split('\n').find((l) => l.includes(month.format(new Date(Date.UTC(year, m - 1, 1)))))!;
      expect(line, `${year}-${m}`).toBeDefined();
      expect(line.trim().split(/\s{2,}/).slice(1)).toEqual([row.present_days, row.absent_days, row.total_days].map(String));
    }
  });

  it('a family without a guardian\'s language gets the church\'s (English here): English headings', async () => {
    const files = await exportOf(a.s.principal, englishChild.id);
    const text = (await textOf(files.get('family-summary.pdf')!)).replace(/\s+/g, ' ');
    for (const expected of ['Anna Joseph', en('privacy.family.title', { child: 'Anna Joseph' }), en('privacy.family.attendance'),
      en('privacy.family.followUp'), en('privacy.family.noFollowUp'), en('privacy.family.consentsInForce'), 'January 2025', 'Peter Joseph',
      // The guardian's phone for reading, as the safety card shows it (stored +919847022222).
      '+91 98470 22222', en('privacy.family.exams'), en('privacy.family.noExams')]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('+919847022222');
    expect(text).not.toMatch(/[\u0D00-\u0D7F]/);
  });
});

describe('sending the download link on WhatsApp', () => {
  it('only to guardians who agreed to messages and have WhatsApp, in their language, with the address and its expiry', async () => {
    const link = await readyLink(a.s.principal, malayalamChild.id);
    expect(link.guardians.map((g) => [g.name, g.language, g.not_offered])).toEqual([
      ['മേരി', 'ml', null], ['John', 'en', 'no_whatsapp'], ['Susan', a.church.defaultLanguage, 'no_consent'],
    ]);
    const [mary, john, susan] = link.guardians;
    expect(john.whatsapp_url).toBeNull();
    expect(susan.whatsapp_url).toBeNull();
    const url = new URL(mary.whatsapp_url!);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/919847012345');
    const message = url.searchParams.get('text')!;
    expect(message).toContain(link.url);
    expect(message).toContain(a.church.name);
    expect(message).toContain('ജോസഫ്');
    expect(message).toMatch(/ഒരു തവണ ഡൗൺലോഡ് ചെയ്യാം/);
    expect(message).toContain(new Intl.DateTimeFormat('ml-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(new Date(link.expires_at)));
    // Until when, in the church's time zone and Malayalam's clock words ('രാവിലെ 10:04'), no Latin AM/PM.
    expect(message).toContain(formatDateAndTime('ml', Date.parse(link.expires_at), 'Asia/Kolkata'));
    expect(message).not.toMatch(/\d (AM|PM|am|pm)\b/);
  });

  it('a guardian who withdraws messages consent is offered no more', async () => {
    const guardians = (await a.s.principal.get(`/api/students/${englishChild.id}/guardians`)).body.data as Array<{ id: string }>;
    let link = await readyLink(a.s.principal, englishChild.id);
    expect(link.guardians[0].whatsapp_url).toMatch(/^https:\/\/wa\.me\/919847022222\?text=/);
    const withdrawn = await a.s.principal.post(`/api/students/${englishChild.id}/consents`, {
      guardian_id: guardians[0].id, method: 'in_person', answers: { messages: false },
    });
    expect(withdrawn.status, withdrawn.body.message).toBeLessThan(300);
    link = await readyLink(a.s.principal, englishChild.id);
    expect(link.guardians[0]).toMatchObject({ whatsapp_url: null, not_offered: 'no_consent' });
  });

  it('another church neither links the export nor sees its guardians; its own export holds only its own child', async () => {
    const started = await a.s.principal.post(`/api/students/${malayalamChild.id}/export`);
    await app.server.services.background.idle();
    const foreign = await b.s.super_admin.post(`/api/exports/${started.body.data.id}/link`);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('wa.me');
    const files = await exportOf(b.s.super_admin, otherChurchChild.id);
    const calls = JSON.parse(files.get('follow-up.json')!.toString()) as Array<{ note: string }>;
    expect(calls.map((c) => c.note)).toEqual(['Other church note']);
    const text = await textOf(files.get('family-summary.pdf')!);
    expect(text).toContain('Bina Thomas');
    expect(text).not.toContain(MALAYALAM_NAME);
    expect(text).not.toContain('മേരി');
  });
});

describe('the printed consent form in the family\'s language', () => {
  const consentForm = (session: Session, studentId: string, query = '') =>
    fetch(`${app.url}/api/students/${studentId}/consent-form${query}`, { headers: session.headers });

  it('a family whose first guardian reads Malayalam gets it in Malayalam (the card names that language); English when asked', async () => {
    const card = await a.s.teacher.get(`/api/students/${malayalamChild.id}/safety-card`);
    expect(card.body.data.family_language).toBe('ml');

    const res = await consentForm(a.s.teacher, malayalamChild.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="consent-form-ml.pdf"');
    const text = (await textOf(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    for (const expected of [ml('privacy.form.title'), ml('privacy.form.noticeHeading'), ml('privacy.form.consentHeading'), MALAYALAM_NAME]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain(en('privacy.form.consentHeading'));

    const english = await consentForm(a.s.principal, malayalamChild.id, '?lang=en');
    expect(english.status).toBe(200);
    expect(english.headers.get('content-disposition')).toBe('attachment; filename="consent-form-en.pdf"');
    const englishText = (await textOf(Buffer.from(await english.arrayBuffer()))).replace(/\s+/g, ' ');
    for (const expected of [en('privacy.form.title'), en('privacy.form.noticeHeading'), en('privacy.form.consentHeading'), MALAYALAM_NAME]) {
      expect(englishText, expected).toContain(expected);
    }
    expect(englishText).not.toContain(ml('privacy.form.title'));
  });

  it('a family whose guardians have no language gets the church\'s: Hindi once the church speaks Hindi', async () => {
    const set = await b.s.super_admin.put('/api/churches/language', { language: 'hi' });
    expect(set.status, set.body.message).toBe(200);
    const card = await b.s.teacher.get(`/api/students/${otherChurchChild.id}/safety-card`);
    expect(card.body.data.family_language).toBe('hi');
    const res = await consentForm(b.s.teacher, otherChurchChild.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="consent-form-hi.pdf"');
    const text = (await textOf(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    const hi = translatorFor('hi');
    expect(text).toContain(hi('privacy.form.title'));
    expect(text).toContain('Bina Thomas');
    expect(text).not.toContain(en('privacy.form.consentHeading'));
    // Another church's child is not found, whatever the language asked.
    expect((await consentForm(b.s.teacher, malayalamChild.id)).status).toBe(404);
    expect((await consentForm(b.s.super_admin, malayalamChild.id, '?lang=ml')).status).toBe(404);
  });
});
