import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../drizzle/schema/index.js';
import { ADMIN_PEOPLE_MESSAGES } from '../../common/schemas/admin-people.js';
import type { TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { api, createChurch, type Json, startAppWithOperator } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';
import { GALLERY_FIELDS, uploadFiles } from '../helpers/gallery-upload.js';
import { mp4Sample, pdfSample, pngSample } from '../helpers/media-samples.js';

let app: TestApp;
let token: string;
let operatorId: string;
beforeAll(async () => { ({ app, token, operatorId } = await startAppWithOperator()); });
afterAll(async () => { await app?.close(); });

const get = (urlPath: string) => api(app.url, 'GET', urlPath, { token });

const FIELDS = { ...GALLERY_FIELDS, department: 'Youth' };

/** A church with media uploaded by its principal through POST /api/gallery/upload, one request per
 * file so that their upload times differ. */
async function churchWithMedia(files: Array<{ name: string; data: Buffer }>) {
  const made = await createChurch(app.db);
  const session = await signIn(app.url, made.code, made.users.principal.email);
  const items: Json[] = [];
  for (const file of files) {
    const res = await uploadFiles(app, session, [file], FIELDS);
    if (res.status !== 201) throw new Error(`upload failed: ${res.body.message}`);
    items.push(...res.body.data.items);
  }
  return { ...made, session, items };
}

/** Every file under the church's folder of the app's local storage. */
async function storedFiles(churchId: string): Promise<string[]> {
  try {
    return await readdir(path.join(app.config.UPLOADS_DIR, churchId));
  } catch {
    return [];
  }
}

describe('GET /api/admin/media', () => {
  it('lists a church\'s media newest first in the Media item admin view, with a signed file_url; audited once', async () => {
    const a = await churchWithMedia([{ name: 'notes.pdf', data: pdfSample() }, { name: 'photo.png', data: await pngSample() }]);
    const res = await get(`/api/admin/media?church_id=${a.church.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toEqual({ page: 1, pages: 1, total: 2 });
    const [photo, pdf] = res.body.data.items;
    expect(photo).toEqual({
      id: a.items[1].id, filename: 'photo.png', title: FIELDS.title, description: FIELDS.description, file_type: 'image/png',
      file_size: a.items[1].file_size, file_url: expect.stringMatching(/^\/api\/gallery\/image\/.+\?church=.+&expires=\d+&a=m&signature=/),
      file_path: a.items[1].file_path, church_id: a.church.id, church_name: a.church.name, church_code: a.code,
      uploaded_by_name: a.users.principal.name, upload_date: a.items[1].created_at, academic_year: '2025-2026', department: 'youth',
    });
    expect(pdf).toMatchObject({ id: a.items[0].id, filename: 'notes.pdf', file_type: 'application/pdf' });
    const file = await fetch(app.url + photo.file_url);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/png']);

    const audit = await auditOf(app.db, a.church.id, { action: 'media.listed' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorId, resourceType: 'media', resourceId: null });
    expect(audit[0].details).toMatchObject({ church_id: a.church.id, type: null, page: 1, limit: 20, shown: 2 });
  });

  it('filters by type (image, video, document), omits empty values, pages with page and limit', async () => {
    const a = await churchWithMedia([
      { name: 'a.png', data: await pngSample() }, { name: 'clip.mp4', data: mp4Sample() }, { name: 'notes.pdf', data: pdfSample() },
    ]);
    const ofType = async (type: string) => (await get(`/api/admin/media?church_id=${a.church.id}&type=${type}`)).body.data.items
      .map((m: { filename: string }) => m.filename);
    expect(await ofType('image')).toEqual(['a.png']);
    expect(await ofType('video')).toEqual(['clip.mp4']);
    expect(await ofType('document')).toEqual(['notes.pdf']);
    expect(await ofType('')).toEqual(['notes.pdf', 'clip.mp4', 'a.png']);
    const audit = await auditOf(app.db, a.church.id, { action: 'media.listed' });
    expect(audit.map((e) => (e.details as { type: string | null }).type)).toEqual(['image', 'video', 'document', null]);

    const second = await get(`/api/admin/media?church_id=${a.church.id}&limit=2&page=2`);
    expect(second.body.data.pagination).toEqual({ page: 2, pages: 2, total: 3 });
    expect(second.body.data.items.map((m: { filename: string }) => m.filename)).toEqual(['a.png']);

    const all = await get('/api/admin/media?church_id=&type=&page=&limit=');
    expect(all.status).toBe(200);
    expect(all.body.data.items.length).toBeLessThanOrEqual(20);
  });

  it('refuses bad filters and page sizes with 400', async () => {
    for (const query of ['church_id=nope', 'type=audio', 'limit=101', 'page=0']) {
      expect((await get(`/api/admin/media?${query}`)).status, query).toBe(400);
    }
    expect((await get('/api/admin/media?type=audio')).body.message).toBe(ADMIN_PEOPLE_MESSAGES.typeInvalid);
  });
});

describe('GET /api/admin/media/{id}', () => {
  it('answers one item, audited as media.viewed; 404 unknown, 400 not a uuid', async () => {
    const a = await churchWithMedia([{ name: 'a.png', data: await pngSample() }]);
    const res = await get(`/api/admin/media/${a.items[0].id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ADMIN_PEOPLE_MESSAGES.mediaLoaded);
    expect(res.body.data).toMatchObject({ id: a.items[0].id, filename: 'a.png', church_code: a.code, message: ADMIN_PEOPLE_MESSAGES.mediaLoaded });
    const audit = await auditOf(app.db, a.church.id, { action: 'media.viewed' });
    expect(audit.map((e) => [e.operatorId, e.resourceId])).toEqual([[operatorId, a.items[0].id]]);

    const unknown = await get(`/api/admin/media/${crypto.randomUUID()}`);
    expect([unknown.status, unknown.body.message]).toEqual([404, ADMIN_PEOPLE_MESSAGES.mediaNotFound]);
    const bad = await get('/api/admin/media/abc');
    expect([bad.status, bad.body.message]).toEqual([400, ADMIN_PEOPLE_MESSAGES.mediaIdInvalid]);
  });
});

describe('DELETE /api/admin/media/{id}', () => {
  it('deletes the row, audited, then every stored file (original, thumbnail, web copy) after the commit', async () => {
    const a = await churchWithMedia([{ name: 'a.png', data: await pngSample() }, { name: 'notes.pdf', data: pdfSample() }]);
    const [photo, pdf] = a.items;
    expect(await storedFiles(a.church.id)).toHaveLength(4);

    const res = await api(app.url, 'DELETE', `/api/admin/media/${photo.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: ADMIN_PEOPLE_MESSAGES.mediaDeleted }, message: ADMIN_PEOPLE_MESSAGES.mediaDeleted });
    await app.server.services.background.idle();
    expect(await storedFiles(a.church.id)).toEqual([pdf.file_path]);
    const rows = await app.db.withTenant(a.church.id, (tx) => tx.select({ id: media.id }).from(media));
    expect(rows).toEqual([{ id: pdf.id }]);
    expect((await fetch(app.url + photo.thumbnail_url)).status).toBe(404);
    const audit = await auditOf(app.db, a.church.id, { action: 'media.deleted' });
    expect(audit.map((e) => [e.operatorId, e.resourceId])).toEqual([[operatorId, photo.id]]);
    expect(audit[0].details).toMatchObject({ old: { file_type: 'image/png' } });

    const again = await api(app.url, 'DELETE', `/api/admin/media/${photo.id}`, { token });
    expect([again.status, again.body.message]).toEqual([404, ADMIN_PEOPLE_MESSAGES.mediaNotFound]);
    expect((await api(app.url, 'DELETE', '/api/admin/media/nope', { token })).status).toBe(400);
  });

  it('answers the same over tRPC', async () => {
    const a = await churchWithMedia([{ name: 'notes.pdf', data: pdfSample() }]);
    const call = (input: unknown) => fetch(`${app.url}/trpc/admin.media.delete`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(input),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect((await call({ id: 'x' })).status).toBe(400);
    const done = await call({ id: a.items[0].id });
    expect([done.status, done.body.result.data]).toEqual([200, { message: ADMIN_PEOPLE_MESSAGES.mediaDeleted }]);
    await app.server.services.background.idle();
    expect(await storedFiles(a.church.id)).toEqual([]);
  });
});

describe('a church user\'s token', () => {
  it('opens none of the media procedures, over REST and tRPC (401), and changes nothing', async () => {
    const a = await churchWithMedia([{ name: 'notes.pdf', data: pdfSample() }]);
    expect((await a.session.get('/api/admin/media')).status).toBe(401);
    expect((await a.session.get(`/api/admin/media/${a.items[0].id}`)).status).toBe(401);
    expect((await a.session.delete(`/api/admin/media/${a.items[0].id}`)).status).toBe(401);
    const viaTrpc = await a.session.query('admin.media.list');
    expect(viaTrpc.status).toBe(401);
    expect(await storedFiles(a.church.id)).toHaveLength(1);
  });
});
