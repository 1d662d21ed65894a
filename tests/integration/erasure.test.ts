import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../common/dates.js';
import {
  attendance, consentLinks, familyExports, mediaChildren, studentConsents,
} from '../../drizzle/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { churchWithSessions, type ChurchWithSessions } from '../helpers/church-session.js';
import { createClassWithStudents, type Json } from '../helpers/fixtures.js';
import { filesOnDisk, GALLERY_FIELDS, uploadFiles } from '../helpers/gallery-upload.js';
import { jpegSample } from '../helpers/media-samples.js';

/**
 * Erasing a child (POST /api/students/{id}/erase) through the real stack: a child with a row in
 * every table that can hold one of theirs, erased; then every table of the database is read as its
 * owner and none holds the child's name or any id the child had, while the class's calendar is
 * unchanged and the other child's photo stays.
 */

let app: TestApp;
let a: ChurchWithSessions<'super_admin' | 'principal' | 'teacher'>;
let b: ChurchWithSessions<'principal'>;
let classId: string;
let child: { id: string; name: string };
let other: { id: string; name: string };
/** Every id the child had: the student, guardians, pickups, consents, consent link, export, follow-up contact, exam mark correction. */
const childIds: string[] = [];
let aloneMedia: Json;
let sharedMedia: Json;
let exportFile: string;
const months: Array<{ year: number; month: number }> = [];
const before: Record<string, { monthly: Json[]; calendar: string }> = {};

/** A date of the month `back` months before this one, on day `day`. */
function pastDate(back: number, day: number) {
  const [y, m] = todayIn('Asia/Kolkata').split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 - back, 1));
  return `${first.toISOString().slice(0, 8)}${String(day).padStart(2, '0')}`;
}

const reports = async (month: { year: number; month: number }) => {
  const query = `year=${month.year}&month=${month.month}`;
  const monthly = await a.s.principal.get(`/api/attendance/class/${classId}/monthly?${query}`);
  const calendar = await fetch(`${app.url}/api/attendance/class/${classId}/calendar?${query}`, { headers: a.s.principal.headers });
  return { monthly: monthly.body.data as Json[], calendar: await calendar.text() };
};

/** Each table of the public schema whose rows, as text, hold one of `needles`, with the needle. */
async function tablesHolding(needles: string[]) {
  const tables = await app.db.ownerQuery<{ table_name: string }>(sql`
    select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const found: string[] = [];
  for (const { table_name } of tables) {
    const rows = await app.db.ownerQuery<{ row: string }>(sql`select t::text as row from ${sql.identifier(table_name)} t`);
    for (const needle of needles) {
      if (rows.some(({ row }) => row.includes(needle))) found.push(`${table_name}: ${needle}`);
    }
  }
  return found;
}

beforeAll(async () => {
  app = await startTestApp();
  a = await churchWithSessions(app, { roles: ['super_admin', 'principal', 'teacher'] });
  b = await churchWithSessions(app, { roles: ['principal'] });
  const churchId = a.church.id;
  const suffix = randomBytes(4).toString('hex');
  const made = await createClassWithStudents(app.db, churchId, {
    teacherId: a.users.teacher.id, names: [`Anu Erasable ${suffix}`, `Other Child ${suffix}`, `Third Child ${suffix}`],
  });
  classId = made.class.id;
  [child, other] = made.students.map((s) => ({ id: s.id, name: s.name }));
  childIds.push(child.id);
  const principal = a.s.principal;

  // Guardians, pickups, medical note and emergency contact through the API (each audited), a read
  // of the note (the access log), a follow-up contact.
  const guardians = await principal.put(`/api/students/${child.id}/guardians`, { guardians: [
    { name: `Mother ${suffix}`, relation: 'mother', phone: '+91 98470 11111', email: `mother-${suffix}@example.org`, contact_consent: true },
    { name: `Father ${suffix}`, relation: 'father', phone: '+91 98470 22222' },
  ] });
  expect(guardians.status).toBe(200);
  childIds.push(...(guardians.body.data as Json[]).map((g) => g.id as string));
  const pickups = await principal.put(`/api/students/${child.id}/pickups`, { pickups: [{ name: `Grandma ${suffix}`, relation: 'grandparent', phone: '+91 98470 33333' }] });
  expect(pickups.status).toBe(200);
  childIds.push(...(pickups.body.data as Json[]).map((p) => p.id as string));
  expect((await principal.put(`/api/students/${child.id}/medical-note`, { note: `Peanut allergy ${suffix}` })).status).toBe(200);
  expect((await principal.put(`/api/students/${child.id}/emergency-contact`, { contact: { name: `Uncle ${suffix}`, phone: '+91 98470 44444' } })).status).toBe(200);
  expect((await a.s.teacher.get(`/api/students/${child.id}/medical-note`)).status).toBe(200);
  const contact = await principal.post(`/api/follow-up/${child.id}/contacts`, { outcome: 'reached', note: `Spoke with mother ${suffix}` });
  expect(contact.status).toBe(201);
  childIds.push(contact.body.data.id as string);

  // Two photos: one of the child alone, one of the child with another child.
  const upload = await uploadFiles(app, a.s.super_admin, [
    { name: 'alone.jpg', data: await jpegSample(), type: 'image/jpeg' }, { name: 'shared.jpg', data: await jpegSample(), type: 'image/jpeg' },
  ], GALLERY_FIELDS);
  expect(upload.status).toBe(201);
  [aloneMedia, sharedMedia] = upload.body.data.items;

  // Consents, a consent link, a family export with its stored file, the tags: written straight in
  // (their own APIs are other modules').
  exportFile = `${randomBytes(16).toString('base64url').slice(0, 22)}.zip`;
  await mkdir(path.join(app.config.UPLOADS_DIR, churchId), { recursive: true });
  await writeFile(path.join(app.config.UPLOADS_DIR, churchId, exportFile), 'PK export of the child');
  await app.db.withTenant(churchId, async (tx) => {
    const [link] = await tx.insert(consentLinks).values({
      churchId, studentId: child.id, guardianName: `Mother ${suffix}`, guardianRelation: 'mother', language: 'en',
      tokenHash: randomBytes(32).toString('hex'), expiresAt: new Date(Date.now() + 86_400_000), createdBy: a.users.principal.id, createdByName: 'principal',
    }).returning();
    const consents = await tx.insert(studentConsents).values(['enrolment', 'photos'].map((purpose) => ({
      churchId, studentId: child.id, purpose, given: true, guardianId: childIds[1], guardianName: `Mother ${suffix}`, guardianRelation: 'mother',
      method: 'digital_link', linkId: link.id, ipAddress: '203.0.113.9', userAgent: 'Phone', recordedByName: `Mother ${suffix}`,
    }))).returning();
    const [exported] = await tx.insert(familyExports).values({
      churchId, studentId: child.id, status: 'ready', storageName: exportFile, bytes: 22, requestedBy: a.users.principal.id, requestedByName: 'principal',
    }).returning();
    childIds.push(link.id, ...consents.map((c) => c.id), exported.id);
    await tx.insert(mediaChildren).values([
      { churchId, mediaId: aloneMedia.id, studentId: child.id },
      { churchId, mediaId: sharedMedia.id, studentId: child.id },
      { churchId, mediaId: sharedMedia.id, studentId: other.id },
    ]);
    // Attendance over two past months, for all three children.
    for (const back of [1, 2]) {
      for (const day of [3, 10, 17]) {
        await tx.insert(attendance).values(made.students.map((s, i) => ({
          churchId, studentId: s.id, classId, date: pastDate(back, day),
          status: (i + day) % 2 === 0 ? 'present' : 'absent', markedBy: a.users.teacher.id,
        })));
      }
    }
  });

  // An offline batch with one of the child's marks refused (too old): its answer names the child.
  const sync = await principal.post('/api/attendance/sync', {
    batchId: randomUUID(),
    marks: [{ classId, studentId: child.id, date: pastDate(1, 3), status: 'present', tappedAt: new Date().toISOString() }],
  });
  expect(sync.status).toBe(200);
  expect(sync.body.data.refused[0].student_id).toBe(child.id);

  // An exam: the child's marks and a remark naming them, published, then one mark corrected (recorded
  // and audited with the child's id).
  const exam = await principal.post('/api/exams', { academic_year: made.class.academicYear, name: `Half-yearly ${suffix}`, kind: 'half_yearly' });
  expect(exam.status).toBe(201);
  const paperId = exam.body.data.classes.find((c: Json) => c.id === classId).papers[0].id as string;
  const marksPath = `/api/exams/${exam.body.data.exam.id}/classes/${classId}/marks`;
  const marks = await a.s.teacher.put(marksPath, {
    write_id: randomUUID(), entries: made.students.map((s, i) => ({ student_id: s.id, paper_id: paperId, value: 60 + i })),
    remarks: [{ student_id: child.id, remark: `${child.name} reads the lesson well` }],
  });
  expect(marks.status).toBe(200);
  expect((await principal.post(`/api/exams/${exam.body.data.exam.id}/publish`)).status).toBe(200);
  const amended = await principal.put(marksPath, {
    write_id: randomUUID(), entries: [{ student_id: child.id, paper_id: paperId, value: 70 }], amendment_reason: 'Recounted',
  });
  expect(amended.body.data.amended).toBe(1);
  const [amendment] = (await principal.get(`/api/exams/${exam.body.data.exam.id}/amendments`)).body.data as Json[];
  childIds.push(amendment.id as string);

  for (const back of [1, 2]) {
    const [year, month] = pastDate(back, 1).split('-').map(Number);
    months.push({ year, month });
    before[`${year}-${month}`] = await reports({ year, month });
  }
  // The child is really everywhere before the erasure (the scan can find what it looks for).
  expect(await tablesHolding([child.name, child.id])).not.toEqual([]);
}, 120_000);

afterAll(async () => { await app?.close(); });

describe('erasing a child', () => {
  it('refuses a wrong or missing name (400, nothing written), a teacher (403) and another church (404)', async () => {
    const auditBefore = (await auditOf(app.db, a.church.id)).length;
    const wrong = await a.s.principal.post(`/api/students/${child.id}/erase`, { confirm_name: child.name.toUpperCase() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Type the child\'s name exactly to confirm.');
    const missing = await a.s.principal.post(`/api/students/${child.id}/erase`, {});
    expect(missing.status).toBe(400);
    expect((await a.s.teacher.post(`/api/students/${child.id}/erase`, { confirm_name: child.name })).status).toBe(403);
    expect((await b.s.principal.post(`/api/students/${child.id}/erase`, { confirm_name: child.name })).status).toBe(404);
    expect((await a.s.principal.get(`/api/students/${child.id}/safety-card`)).status).toBe(200);
    expect((await auditOf(app.db, a.church.id)).length).toBe(auditBefore);
  });

  it('erases the child: no table holds their name or any of their ids, the calendar is unchanged, the shared photo stays', async () => {
    const filesBefore = await filesOnDisk(app, a.church.id);
    const aloneFiles = [...filesBefore.keys()].filter((name) => [aloneMedia.file_url, aloneMedia.thumbnail_url, aloneMedia.web_url]
      .some((url) => typeof url === 'string' && url.includes(name)));
    expect(aloneFiles.length).toBeGreaterThan(0);

    const entriesBefore = await auditOf(app.db, a.church.id);
    // Typed with spaces around it and in decomposed form: trimmed and NFC, it is the name.
    const erased = await a.s.super_admin.post(`/api/students/${child.id}/erase`, { confirm_name: ` ${child.name.normalize('NFD')} ` });
    expect(erased.status).toBe(200);
    expect(erased.body.data).toEqual({ message: 'The child\'s data was erased.' });

    expect(await tablesHolding([child.name, ...childIds])).toEqual([]);

    for (const month of months) {
      const after = await reports(month);
      const was = before[`${month.year}-${month.month}`];
      expect(after.calendar).toBe(was.calendar);
      // The child's row stays, without name or roll number, under the marks' new id.
      const { student_id: _id, student_name: _name, roll_number: _roll, ...figures } = was.monthly.find((row) => row.student_id === child.id)!;
      expect(after.monthly).toEqual([...was.monthly.filter((row) => row.student_id !== child.id),
        { ...figures, student_id: expect.any(String), student_name: 'Erased child', roll_number: null }]);
    }

    // The photo of the child alone is gone, row and files; the shared one stays with the other child's tag.
    const gallery = await a.s.principal.get('/api/gallery');
    expect((gallery.body.data.items as Json[]).map((m) => m.id)).toEqual([sharedMedia.id]);
    const tags = await app.db.withTenant(a.church.id, (tx) => tx.select().from(mediaChildren));
    expect(tags.map((t) => t.studentId)).toEqual([other.id]);
    await app.server.services.background.idle();
    const filesAfter = await filesOnDisk(app, a.church.id);
    for (const name of aloneFiles) expect(filesAfter.has(name)).toBe(false);
    expect(filesAfter.has(exportFile)).toBe(false);
    expect(filesAfter.size).toBe(filesBefore.size - aloneFiles.length - 1);

    // Earlier entries stay, redacted; one entry says an erasure happened and by whom, naming neither
    // the child nor the id.
    const entriesAfter = await auditOf(app.db, a.church.id);
    expect(entriesAfter.map((e) => e.id)).toEqual([...entriesBefore.map((e) => e.id), expect.anything()]);
    expect(entriesAfter.find((e) => e.action === 'student.guardians_replaced')?.description)
      .toBe(`Entry about an erased child (redacted) (by ${a.users.principal.name})`);
    const [entry] = await auditOf(app.db, a.church.id, { action: 'student.erased' });
    expect(entry.resourceId).toBeNull();
    expect(entry.description).toContain(a.users.super_admin.name);
    expect(entry.details).toMatchObject({ by_user_id: a.users.super_admin.id, media_deleted: 1, media_untagged: 1, sync_batches_scrubbed: 1 });

    // The access log keeps the read of the note (beside the card's reads), without the child.
    const log = await a.s.super_admin.get('/api/privacy/access-log?kind=medical_note');
    expect(log.body.data.items).toEqual([expect.objectContaining({ kind: 'medical_note', student_id: null, student_name: 'Erased child', reader_role: 'teacher' })]);

    // The child is gone from Students, and a second erasure finds nobody.
    const list = await a.s.principal.get('/api/students');
    expect((list.body.data as Json[]).map((s) => s.id)).not.toContain(child.id);
    expect((await a.s.principal.post(`/api/students/${child.id}/erase`, { confirm_name: child.name })).status).toBe(404);
  });
});
