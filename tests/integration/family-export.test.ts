import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import yauzl from 'yauzl';
import { attendance, childDataReads, familyExports, media, mediaChildren, studentConsents } from '../../drizzle/schema/index.js';
import { PRIVACY_NOTICE_MAX } from '../../common/consent.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { churchWithSessions, type ChurchWithSessions } from '../helpers/church-session.js';
import { createClassWithStudents } from '../helpers/fixtures.js';
import { jpegSample } from '../helpers/media-samples.js';

let app: TestApp;
let a: ChurchWithSessions;
let b: ChurchWithSessions;
let child: { id: string; name: string };
let otherChild: { id: string; name: string };

/** Marks of the child in the church's class, as the roll call would have stored them. */
const MARKS = [
  { date: '2025-01-05', status: 'present' }, { date: '2025-01-12', status: 'absent' }, { date: '2025-01-19', status: 'present' },
  { date: '2025-02-02', status: 'present' },
];

beforeAll(async () => {
  app = await startTestApp();
  [a, b] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
  const made = await createClassWithStudents(app.db, a.church.id, { teacherId: a.users.teacher.id, names: ['Anna Joseph'], className: '3rd' });
  const made2 = await createClassWithStudents(app.db, b.church.id, { teacherId: b.users.teacher.id, names: ['Bina Thomas'], className: '4th' });
  child = made.students[0];
  otherChild = made2.students[0];
  const photo = await jpegSample();
  await app.server.services.mediaStorage.put(`${a.church.id}/PhotoOfAnnaAAAAAAAAAAA.jpg`, Readable.from([photo]), 'image/jpeg');
  await app.db.withTenant(a.church.id, async (tx) => {
    await tx.insert(attendance).values(MARKS.map((m) => ({
      churchId: a.church.id, studentId: child.id, classId: made.class.id, date: m.date, status: m.status, markedBy: a.users.teacher.id,
    })));
    await tx.insert(studentConsents).values({
      churchId: a.church.id, studentId: child.id, purpose: 'photos', given: true, guardianName: 'Mary Joseph', guardianRelation: 'mother',
      method: 'paper_form', recordedBy: a.users.principal.id, recordedByName: 'Principal',
    });
    const [item] = await tx.insert(media).values({
      churchId: a.church.id, title: 'Christmas play', academicYear: made.class.academicYear, month: '12', fileType: 'image/jpeg',
      fileName: 'christmas.jpg', filePath: 'PhotoOfAnnaAAAAAAAAAAA.jpg', fileSize: photo.length, uploadedBy: a.users.principal.id,
    }).returning();
    await tx.insert(mediaChildren).values({ churchId: a.church.id, mediaId: item.id, studentId: child.id });
  });
}, 60_000);
afterAll(async () => { await app?.close(); });

async function pdfText(bytes: Buffer) {
  const parser = new PDFParse({ data: bytes });
  try {
    const result = await parser.getText();
    return { pages: result.total, text: result.text };
  } finally {
    await parser.destroy();
  }
}

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

const getFile = (session: { headers: Record<string, string> }, path: string) => fetch(app.url + path, { headers: session.headers });

describe('the privacy notice', () => {
  it('staff read the template until the super admin writes a part; a part emptied goes back to the template', async () => {
    const before = await a.s.teacher.get('/api/privacy-notice');
    expect(before.status).toBe(200);
    expect(before.body.data.written).toEqual({ controller: null, data_kept: null, purposes: null, retention: null, contact: null });
    expect(before.body.data.notice.controller).toEqual({ text: expect.stringContaining(a.church.name), written_by_church: false });

    const saved = await a.s.super_admin.put('/api/privacy-notice', { controller: '  St Mary\'s runs the school.  ', contact: 'Call the office.', purposes: '' });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data.written).toEqual({ controller: 'St Mary\'s runs the school.', data_kept: null, purposes: null, retention: null, contact: 'Call the office.' });
    expect(saved.body.data.notice.controller).toEqual({ text: 'St Mary\'s runs the school.', written_by_church: true });
    const [entry] = await auditOf(app.db, a.church.id, { action: 'church.privacy_notice_updated' });
    expect(entry.details).toMatchObject({ changed_parts: ['controller', 'contact'], church_written_parts: ['controller', 'contact'] });
    expect(JSON.stringify(entry.details)).not.toContain('office');
  });

  it('only the super admin writes it; guests do not read it; too long is a 400 that writes nothing', async () => {
    expect((await a.s.principal.put('/api/privacy-notice', { controller: 'x' })).status).toBe(403);
    expect((await a.s.guest.get('/api/privacy-notice')).status).toBe(403);
    const tooLong = await a.s.super_admin.put('/api/privacy-notice', { controller: 'ok', contact: 'x'.repeat(PRIVACY_NOTICE_MAX.contact + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain(String(PRIVACY_NOTICE_MAX.contact));
    expect((await a.s.teacher.get('/api/privacy-notice')).body.data.written.controller).toBe('St Mary\'s runs the school.');
  });

  it('the public page: the church by its code, in the language asked for (default the church\'s), unknown code 404', async () => {
    const res = await fetch(`${app.url}/api/churches/${a.code.toLowerCase()}/privacy-notice?lang=ml`);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ church_name: a.church.name, language: 'ml' });
    expect(body.data.notice.contact.text).toBe('Call the office.');
    expect(Object.keys(body.data).sort()).toEqual(['church_name', 'language', 'notice']);
    const other = await (await fetch(`${app.url}/api/churches/${b.code}/privacy-notice`)).json();
    expect(other.data).toMatchObject({ church_name: b.church.name, language: 'en' });
    expect(other.data.notice.controller.written_by_church).toBe(false);
    expect((await fetch(`${app.url}/api/churches/NOSUCH/privacy-notice`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/churches/${a.code}/privacy-notice?lang=fr`)).status).toBe(400);
  });
});

describe('the consent form', () => {
  it('is a PDF attachment, not stored, with the child, the notice and the three purposes', async () => {
    const res = await getFile(a.s.teacher, `/api/students/${child.id}/consent-form`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="consent-form-en\.pdf"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { pages, text } = await pdfText(Buffer.from(await res.arrayBuffer()));
    expect(pages).toBeLessThanOrEqual(2);
    for (const expected of ['Anna Joseph', a.church.name, 'St Mary\'s runs the school.', 'Enrolment and attendance', 'Photos in the church gallery',
      'Messages to the family', 'Not given', 'I am 18 years of age or older.', `/privacy/${a.code}`]) {
      expect(text.replace(/\s+/g, ' ')).toContain(expected);
    }
  });

  it('in Malayalam when asked: the translated texts, shaped (the PDF parses and carries the Malayalam letters)', async () => {
    const res = await getFile(a.s.principal, `/api/students/${child.id}/consent-form?lang=ml`);
    expect(res.status).toBe(200);
    const { text } = await pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('Anna Joseph');
    expect(text).toMatch(/[\u0D00-\u0D7F]/);
  });

  it('another church\'s child is not found, a guest is refused', async () => {
    expect((await getFile(b.s.super_admin, `/api/students/${child.id}/consent-form`)).status).toBe(404);
    expect((await getFile(a.s.guest, `/api/students/${child.id}/consent-form`)).status).toBe(403);
  });
});

describe('the family export', () => {
  const waitFor = async (exportId: string) => {
    await app.server.services.background.idle();
    const list = await a.s.principal.get(`/api/students/${child.id}/exports`);
    return list.body.data.find((row: { id: string }) => row.id === exportId);
  };

  it('is made in the background: profile, guardians, consents, attendance (CSV equal to the marks, monthly PDF) and the tagged media', async () => {
    const started = await a.s.principal.post(`/api/students/${child.id}/export`);
    expect(started.status, started.body.message).toBe(202);
    expect(started.body.data).toMatchObject({ id: expect.any(String), status: 'pending' });
    const ready = await waitFor(started.body.data.id);
    expect(ready).toMatchObject({ status: 'ready', downloadable: true, bytes: expect.any(Number) });

    const link = await a.s.principal.post(`/api/exports/${ready.id}/link`);
    expect(link.status, link.body.message).toBe(200);
    const res = await fetch(app.url + link.body.data.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    expect([...files.keys()].sort()).toEqual([
      'attendance-summary.pdf', 'attendance.csv', 'consents.json', 'exams.json', 'family-summary.pdf', 'follow-up.json', 'guardians.json',
      'media/001-christmas.jpg', 'profile.json',
    ]);
    expect(JSON.parse(files.get('exams.json')!.toString())).toEqual({ marks: [], remarks: [], amendments: [], certificates: [] });
    expect(JSON.parse(files.get('profile.json')!.toString())).toMatchObject({ name: 'Anna Joseph', active: true, class_name: '3rd' });
    expect(JSON.parse(files.get('guardians.json')!.toString()).guardians).toEqual(expect.any(Array));
    expect(JSON.parse(files.get('consents.json')!.toString())).toEqual([expect.objectContaining({ purpose: 'photos', given: true, guardian_name: 'Mary Joseph' })]);
    const csv = files.get('attendance.csv')!.toString().trim().split('\r\n');
    expect(csv[0]).toBe('date,class,status');
    expect(csv.slice(1).map((line) => [line.split(',')[0], line.split(',')[2]])).toEqual(MARKS.map((m) => [m.date, m.status]));
    expect(files.get('media/001-christmas.jpg')!.equals(await jpegSample())).toBe(true);
    const summary = (await pdfText(files.get('attendance-summary.pdf')!)).text.replace(/\s+/g, ' ');
    expect(summary).toContain('67%'); // January: 2 of 3
    expect(summary).toContain('100%');

    // Once: the link is spent, and the stored file gone.
    expect((await fetch(app.url + link.body.data.path)).status).toBe(410);
    const [row] = await app.db.withTenant(a.church.id, (tx) => tx.select().from(familyExports).where(eq(familyExports.id, ready.id)));
    expect(row.status).toBe('downloaded');
    await new Promise((resolve) => { setTimeout(resolve, 50); });
    expect(await app.server.services.mediaStorage.get(`${a.church.id}/${row.storageName}`)).toBeUndefined();
    expect((await a.s.principal.post(`/api/exports/${ready.id}/link`)).status).toBe(409);

    // Start, link and download: each audited and in the access log, as the manager's.
    const audited = (await auditOf(app.db, a.church.id, { resourceId: child.id })).map((e) => e.action);
    expect(audited).toEqual(expect.arrayContaining(['student.family_export_started', 'student.family_export_link_created', 'student.family_export_downloaded']));
    const reads = await app.db.withTenant(a.church.id, (tx) => tx.select().from(childDataReads)
      .where(and(eq(childDataReads.studentId, child.id), eq(childDataReads.kind, 'export'))));
    expect(reads).toHaveLength(3);
    expect(reads.every((r) => r.readerId === a.users.principal.id)).toBe(true);
  });

  it('a link replaced by a newer one, or expired, answers 410; an unknown one 404', async () => {
    const started = await a.s.super_admin.post(`/api/students/${child.id}/export`);
    const ready = await waitFor(started.body.data.id);
    const first = await a.s.super_admin.post(`/api/exports/${ready.id}/link`);
    const second = await a.s.super_admin.post(`/api/exports/${ready.id}/link`);
    expect((await fetch(app.url + first.body.data.path)).status).toBe(404);
    await app.db.withTenant(a.church.id, (tx) => tx.update(familyExports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(familyExports.id, ready.id)));
    const expired = await fetch(app.url + second.body.data.path);
    expect(expired.status).toBe(410);
    expect((await expired.json()).reason).toBe('export_link_gone');
    expect((await fetch(`${app.url}/api/exports/download/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/exports/download/short`)).status).toBe(404);
  });

  it('another church cannot start, list or link; a teacher and a guest are refused', async () => {
    const mine = (await a.s.principal.get(`/api/students/${child.id}/exports`)).body.data[0];
    expect((await b.s.super_admin.post(`/api/students/${child.id}/export`)).status).toBe(404);
    expect((await b.s.super_admin.get(`/api/students/${child.id}/exports`)).status).toBe(404);
    expect((await b.s.super_admin.post(`/api/exports/${mine.id}/link`)).status).toBe(404);
    expect((await a.s.super_admin.post(`/api/students/${otherChild.id}/export`)).status).toBe(404);
    for (const role of ['teacher', 'guest'] as const) {
      expect((await a.s[role].post(`/api/students/${child.id}/export`)).status).toBe(403);
      expect((await a.s[role].get(`/api/students/${child.id}/exports`)).status).toBe(403);
      expect((await a.s[role].post(`/api/exports/${mine.id}/link`)).status).toBe(403);
    }
  });
});
