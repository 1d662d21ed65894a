import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, studentConsents } from '../../drizzle/schema/index.js';
import { GALLERY_MESSAGES } from '../../common/media-limits.js';
import { mediaOfChild } from '../../server/modules/gallery/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { churchWithSessions, type ChurchWithSessions } from '../helpers/church-session.js';
import { createClassWithStudents, type Json } from '../helpers/fixtures.js';
import { filesOnDisk, GALLERY_FIELDS, uploadFiles } from '../helpers/gallery-upload.js';
import { jpegSample } from '../helpers/media-samples.js';

/**
 * Children tagged in media, and photo consent gating the gallery: a tagged item is shown to a guest,
 * and its files served to them, only while every tagged child has photo consent in force; managers
 * see every item, marked consent_missing with the children's names.
 */

let app: TestApp;
let a: ChurchWithSessions;
let b: ChurchWithSessions;
/** Church A's children (their names sort in this order) and one of church B. */
let anu: string;
let biju: string;
let chinnu: string;
let bStudent: string;

beforeAll(async () => {
  app = await startTestApp();
  [a, b] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
  const { students } = await createClassWithStudents(app.db, a.church.id, { names: ['Anu Thomas', 'Biju Varghese', 'Chinnu Joseph'] });
  [anu, biju, chinnu] = students.map((s) => s.id);
  bStudent = (await createClassWithStudents(app.db, b.church.id, { students: 1 })).students[0].id;
});
afterAll(async () => { await app?.close(); });

/** A photo consent answer for the child, recorded now through the tenant door (as the consent API would). */
async function recordPhotoConsent(studentId: string, given: boolean, churchId = a.church.id) {
  await app.db.withTenant(churchId, (tx) => tx.insert(studentConsents).values({
    churchId, studentId, purpose: 'photos', given, guardianName: 'Parent', guardianRelation: 'parent',
    method: 'paper_form', recordedByName: 'Principal',
  }));
}

async function uploadPhoto(studentIds: string[] = [], title = 'Harvest festival') {
  const res = await uploadFiles(app, a.s.principal, [{ name: 'photo.jpg', data: await jpegSample() }],
    { ...GALLERY_FIELDS, title, ...(studentIds.length ? { student_ids: studentIds.join(',') } : {}) });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data.items[0];
}

const listOf = async (session: ChurchWithSessions['s']['guest'], query = '') => {
  const res = await session.get(`/api/gallery${query}`);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
};
const idsOf = (page: Json) => page.items.map((i: Json) => i.id);
const tag = (id: string, studentIds: unknown, session = a.s.principal) => session.put(`/api/gallery/${id}/children`, { student_ids: studentIds });

describe('tagging children in a medium', () => {
  it('replaces the tags with students of the church only, audited without names; guests and teachers may not', async () => {
    const item = await uploadPhoto();
    const bad = await tag(item.id, ['not-an-id']);
    expect([bad.status, bad.body.message]).toEqual([400, GALLERY_MESSAGES.studentIdInvalid]);
    const many = await tag(item.id, Array.from({ length: 51 }, () => randomUUID()));
    expect([many.status, many.body.message]).toEqual([400, GALLERY_MESSAGES.tooManyChildren]);
    // Another church's student, or an id of no student: refused as a whole, nothing tagged.
    for (const ids of [[anu, bStudent], [randomUUID()]]) {
      const refused = await tag(item.id, ids);
      expect([refused.status, refused.body.reason]).toEqual([400, 'media_children_invalid']);
    }
    expect((await app.db.withTenant(a.church.id, (tx) => mediaOfChild(tx, a.church.id, anu))).map((m) => m.id)).not.toContain(item.id);
    expect((await tag(randomUUID(), [anu])).status).toBe(404);
    // Church B cannot tag A's item, nor reach A's children through its own.
    expect((await tag(item.id, [bStudent], b.s.principal)).status).toBe(404);
    expect((await tag(item.id, [anu], a.s.guest)).status).toBe(403);
    expect((await tag(item.id, [anu], a.s.teacher)).status).toBe(403);
    expect((await a.s.teacher.get('/api/gallery')).status).toBe(403);

    const tagged = await tag(item.id, [chinnu, anu, anu.toUpperCase()]);
    expect(tagged.status, tagged.body.message).toBe(200);
    expect(tagged.body.data).toMatchObject({
      id: item.id, consent_missing: true, message: GALLERY_MESSAGES.childrenTagged,
      children: [{ id: anu, name: 'Anu Thomas', photo_consent: false }, { id: chinnu, name: 'Chinnu Joseph', photo_consent: false }],
    });
    const [entry] = await auditOf(app.db, a.church.id, { action: 'media.children_tagged', resourceId: item.id });
    expect(entry.details).toMatchObject({ added: expect.arrayContaining([anu, chinnu]), removed: [], tagged: 2 });
    expect(JSON.stringify(entry)).not.toMatch(/Anu|Chinnu/);

    const untagged = await tag(item.id, []);
    expect(untagged.body.data).toMatchObject({ children: [], consent_missing: false });
    expect((await app.db.withTenant(a.church.id, (tx) => mediaOfChild(tx, a.church.id, anu))).map((m) => m.id)).not.toContain(item.id);
  });

  it('tags at upload (comma-separated student_ids), and refuses another church\'s child before storing any file', async () => {
    const item = await uploadPhoto([biju]);
    expect(item.children).toEqual([{ id: biju, name: 'Biju Varghese', photo_consent: false }]);
    const [found] = await app.db.withTenant(a.church.id, (tx) => mediaOfChild(tx, a.church.id, biju));
    expect(found).toMatchObject({ id: item.id, filePath: item.file_path, thumbnailPath: expect.any(String), webPath: expect.any(String) });

    const church = await churchWithSessions(app, { roles: ['principal'] });
    const own = (await createClassWithStudents(app.db, church.church.id, { students: 1 })).students[0].id;
    const photo = [{ name: 'photo.jpg', data: await jpegSample() }];
    const first = await uploadFiles(app, church.s.principal, photo, { ...GALLERY_FIELDS, student_ids: `${own},${anu}` });
    expect([first.status, first.body.reason]).toEqual([400, 'media_children_invalid']);
    // The field after the files: found only once they are stored, then they are removed.
    const form = new FormData();
    for (const [key, value] of Object.entries(GALLERY_FIELDS)) form.append(key, value);
    form.append('files', new Blob([new Uint8Array(photo[0].data)]), 'photo.jpg');
    form.append('student_ids', anu);
    const late = await fetch(`${app.url}/api/gallery/upload`, { method: 'POST', headers: church.s.principal.headers, body: form });
    expect([late.status, (await late.json()).reason]).toEqual([400, 'media_children_invalid']);
    expect((await filesOnDisk(app, church.church.id)).size).toBe(0);
    expect(await app.db.withTenant(church.church.id, (tx) => tx.select().from(media))).toEqual([]);

    const ok = await uploadFiles(app, church.s.principal, photo, { ...GALLERY_FIELDS, student_ids: ` ${own} ` });
    expect(ok.status, ok.body.message).toBe(201);
    expect(ok.body.data.items[0]).toMatchObject({ children: [{ id: own }], consent_missing: true });
  });
});

describe('photo consent gating the gallery', () => {
  it('hides an item from guests until every tagged child consents; managers see it marked', async () => {
    const church = await churchWithSessions(app, { roles: ['principal', 'guest'] });
    const [one, two] = (await createClassWithStudents(app.db, church.church.id, { names: ['Deepa', 'Elias'] })).students.map((s) => s.id);
    const res = await uploadFiles(app, church.s.principal, [{ name: 'p.jpg', data: await jpegSample() }], { ...GALLERY_FIELDS, student_ids: `${one},${two}` });
    const item = res.body.data.items[0];
    const untagged = (await uploadFiles(app, church.s.principal, [{ name: 'q.jpg', data: await jpegSample() }])).body.data.items[0];

    const guestSees = async () => idsOf(await listOf(church.s.guest));
    expect(await guestSees()).toEqual([untagged.id]);
    const guestPage = await listOf(church.s.guest);
    // No children's names, nor the fields that carry them, for a guest.
    expect(guestPage.items[0]).not.toHaveProperty('children');
    expect(guestPage.items[0]).not.toHaveProperty('consent_missing');

    await recordPhotoConsent(one, true, church.church.id);
    expect(await guestSees()).toEqual([untagged.id]);
    const managerPage = await listOf(church.s.principal);
    expect(managerPage.items.find((i: Json) => i.id === item.id)).toMatchObject({
      consent_missing: true, children: [{ name: 'Deepa', photo_consent: true }, { name: 'Elias', photo_consent: false }],
    });
    expect(managerPage.items.find((i: Json) => i.id === untagged.id)).toMatchObject({ consent_missing: false, children: [] });

    await recordPhotoConsent(two, true, church.church.id);
    expect((await guestSees()).sort()).toEqual([item.id, untagged.id].sort());
    expect((await listOf(church.s.principal)).items.find((i: Json) => i.id === item.id).consent_missing).toBe(false);
  });

  it('counts only what a guest is shown in the pagination', async () => {
    const church = await churchWithSessions(app, { roles: ['principal', 'guest'] });
    const [kid] = (await createClassWithStudents(app.db, church.church.id, { students: 1 })).students;
    const insert = (i: number) => app.db.withTenant(church.church.id, (tx) => tx.insert(media).values({
      churchId: church.church.id, title: `Item ${i}`, academicYear: '2024-2025', month: '03', fileType: 'application/pdf',
      fileName: 'x.pdf', filePath: `${randomBytes(16).toString('base64url').slice(0, 22)}.pdf`, fileSize: 10, uploadedByName: 'p',
      createdAt: new Date(Date.now() - (10 - i) * 60_000),
    }).returning());
    const rows: { id: string }[] = [];
    for (let i = 0; i < 7; i++) rows.push((await insert(i))[0]);
    // Items 1, 3 and 5 show the child, who has no consent.
    for (const i of [1, 3, 5]) expect((await tag(rows[i].id, [kid.id], church.s.principal)).status).toBe(200);

    const first = await listOf(church.s.guest, '?limit=2');
    expect(first.pagination).toMatchObject({ total: 4, totalPages: 2, hasNext: true });
    const second = await listOf(church.s.guest, '?limit=2&page=2');
    expect([...idsOf(first), ...idsOf(second)]).toEqual([6, 4, 2, 0].map((i) => rows[i].id));
    expect((await listOf(church.s.guest, '?limit=2&page=2&academic_year=2024-2025&month=03')).pagination).toMatchObject({ total: 4, hasNext: false });
    expect((await listOf(church.s.principal, '?limit=2')).pagination).toMatchObject({ total: 7, totalPages: 4 });
  });
});

describe('file addresses and photo consent', () => {
  let item: Json;
  let guestItem: Json;
  beforeAll(async () => {
    await recordPhotoConsent(anu, true);
    item = await uploadPhoto([anu], 'Choir');
    guestItem = (await listOf(a.s.guest)).items.find((i: Json) => i.id === item.id);
  });

  it('signs for an audience: a guest\'s address cannot be turned into a manager\'s', async () => {
    expect(new URL(guestItem.thumbnail_url, app.url).searchParams.get('a')).toBe('g');
    expect(new URL(item.thumbnail_url, app.url).searchParams.get('a')).toBe('m');
    const altered = new URL(guestItem.thumbnail_url, app.url);
    altered.searchParams.set('a', 'm');
    const res = await fetch(altered);
    expect([res.status, (await res.json()).reason]).toEqual([403, 'media_link_invalid']);
    const dropped = new URL(guestItem.thumbnail_url, app.url);
    dropped.searchParams.delete('a');
    expect((await fetch(dropped)).status).toBe(403);
  });

  it('serves a guest\'s address after checking consent, revalidated by ETag', async () => {
    const res = await fetch(app.url + guestItem.thumbnail_url);
    expect([res.status, res.headers.get('cache-control')]).toEqual([200, 'private, no-cache']);
    const etag = res.headers.get('etag')!;
    const again = await fetch(app.url + guestItem.thumbnail_url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('hides the child\'s media at once on withdrawal: the list, an address issued before, the session fetch', async () => {
    const managerAddress = item.web_url;
    await recordPhotoConsent(anu, false);
    expect(idsOf(await listOf(a.s.guest))).not.toContain(item.id);
    for (const address of [guestItem.thumbnail_url, guestItem.web_url, guestItem.file_url]) {
      const res = await fetch(app.url + address, { headers: { 'if-none-match': `"${guestItem.file_path}"` } });
      const body = await res.json();
      expect([res.status, body.reason, body.message]).toEqual([403, 'media_consent_missing', GALLERY_MESSAGES.consentMissing]);
    }
    const bySession = await fetch(`${app.url}/api/gallery/image/${guestItem.file_path}`, { headers: a.s.guest.headers });
    expect([bySession.status, (await bySession.json()).reason]).toEqual([403, 'media_consent_missing']);

    // The managers keep every address and the session fetch.
    expect((await fetch(app.url + managerAddress)).status).toBe(200);
    expect((await fetch(`${app.url}/api/gallery/image/${item.file_path}`, { headers: a.s.principal.headers })).status).toBe(200);
    expect((await listOf(a.s.principal)).items.find((i: Json) => i.id === item.id)).toMatchObject({ consent_missing: true });

    // Given again: shown again.
    await recordPhotoConsent(anu, true);
    expect((await fetch(app.url + guestItem.thumbnail_url)).status).toBe(200);
  });
});
