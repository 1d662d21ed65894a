import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, media } from '../../drizzle/schema/index.js';
import { MESSAGES } from '../../common/constants.js';
import { GALLERY_MESSAGES, MEDIA_MESSAGES } from '../../common/media-limits.js';
import { createMediaUrlSigner } from '../../server/modules/media-storage/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { startAppOnS3, type AppOnS3 } from '../helpers/s3-app.js';
import { api, createChurch, signIn, type Json } from '../helpers/fixtures.js';
import { jpegSample, mp4Sample, pdfSample, pngSample } from '../helpers/media-samples.js';

const SECRET = 'a-gallery-test-secret-of-at-least-32-characters';
let app: TestApp;
beforeAll(async () => { app = await startTestApp({ MEDIA_URL_SECRET: SECRET }); });
afterAll(async () => { await app?.close(); });

type Session = Awaited<ReturnType<typeof signIn>>;
const ROLES = ['super_admin', 'principal', 'teacher', 'guest'] as const;
type Role = (typeof ROLES)[number];

async function churchWithSessions(target: TestApp = app) {
  const made = await createChurch(target.db, { roles: [...ROLES] });
  const sessions = await Promise.all(ROLES.map((role) => signIn(target.url, made.code, made.users[role].email)));
  return { ...made, s: Object.fromEntries(ROLES.map((role, i) => [role, sessions[i]])) as Record<Role, Session> };
}
type Church = Awaited<ReturnType<typeof churchWithSessions>>;

const call = (s: Session, method: string, urlPath: string, body?: unknown, target: TestApp = app) =>
  api(target.url, method, urlPath, { token: s.token, code: s.code, body });

const FIELDS = { title: 'Harvest festival', description: 'The children sang', academic_year: '2025-2026', month: '09', department: 'Sunday School' };

interface UploadFile { name: string; data: Buffer; type?: string }

/** POST /api/gallery/upload as a browser's form sends it: the text fields, then the files. */
async function upload(s: Session | undefined, files: UploadFile[], fields: Record<string, string> = FIELDS, target: TestApp = app) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const headers: Record<string, string> = s ? { authorization: `Bearer ${s.token}`, 'x-church-code': s.code } : {};
  const res = await fetch(`${target.url}/api/gallery/upload`, { method: 'POST', headers, body: form });
  return { status: res.status, body: await res.json() };
}

/** Every file under the church's folder of the app's local storage. */
async function storedFiles(churchId: string, target: TestApp = app): Promise<string[]> {
  try {
    return await readdir(path.join(target.config.UPLOADS_DIR, churchId));
  } catch {
    return [];
  }
}

const mediaRows = (churchId: string, target: TestApp = app) =>
  target.db.withTenant(churchId, (tx) => tx.select().from(media));

const get = (urlPath: string, headers: Record<string, string> = {}) => fetch(app.url + urlPath, { headers });

let a: Church;
let b: Church;
beforeAll(async () => { [a, b] = await Promise.all([churchWithSessions(), churchWithSessions()]); });

describe('upload', () => {
  it('stores a photo with its thumbnail and web copy, and a PDF, in one request; lists them newest first', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3a7' } })
      .withExif({ IFD0: { Make: 'PhoneCam' } }).withMetadata({ orientation: 6 })
      .jpeg().toBuffer();
    const res = await upload(a.s.principal, [{ name: 'photo.jpg', data: photo, type: 'image/jpeg' }, { name: 'notes.pdf', data: pdfSample() }]);
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.message).toBe(MEDIA_MESSAGES.uploaded);
    const [image, pdf] = res.body.data.items;
    expect(image).toMatchObject({
      title: FIELDS.title, description: FIELDS.description, academic_year: '2025-2026', month: '09', department: 'sunday_school',
      file_type: 'image/jpeg', kind: 'image', file_name: 'photo.jpg', uploaded_by_name: a.users.principal.name,
    });
    expect(pdf).toMatchObject({ file_type: 'application/pdf', kind: 'pdf', thumbnail_url: null, web_url: null });
    // Three files for the photo (original, thumbnail, web copy), one for the PDF.
    expect(await storedFiles(a.church.id)).toHaveLength(4);

    const thumb = await get(image.thumbnail_url);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('x-content-type-options')).toBe('nosniff');
    expect(thumb.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    // Orientation 6 (turned 90°) is applied to the pixels: the copy is upright and carries no EXIF.
    expect([thumbMeta.width, thumbMeta.height]).toEqual([200, 400]);
    expect(thumbMeta.exif).toBeUndefined();
    const web = await sharp(Buffer.from(await (await get(image.web_url)).arrayBuffer())).metadata();
    expect([web.width, web.height, web.exif]).toEqual([800, 1600, undefined]);

    const original = await get(image.file_url);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.headers.get('content-disposition')).toBe('inline');
    // The original is stored cleaned: upright, without EXIF, its size the stored bytes.
    const originalBytes = Buffer.from(await original.arrayBuffer());
    expect(originalBytes.length).toBe(image.file_size);
    const originalMeta = await sharp(originalBytes).metadata();
    expect([originalMeta.width, originalMeta.height, originalMeta.exif]).toEqual([1200, 2400, undefined]);
    const document = await get(pdf.file_url);
    expect(document.headers.get('content-disposition')).toBe('attachment');
    expect(document.headers.get('content-type')).toBe('application/pdf');

    const list = await call(a.s.guest, 'GET', '/api/gallery');
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((i: Json) => i.id).sort()).toEqual([image.id, pdf.id].sort());
    expect(list.body.data.pagination).toMatchObject({ currentPage: 1, totalPages: 1, hasPrev: false, hasNext: false });

    const audit = await app.db.withPlatform((tx) => tx.select().from(auditLog)
      .where(and(eq(auditLog.targetChurchId, a.church.id), eq(auditLog.action, 'media.uploaded'))));
    expect(audit.map((e) => e.resourceId).sort()).toEqual([image.id, pdf.id].sort());
    // The entry says what and where, not the title or file name (either may name a child).
    expect(JSON.stringify(audit)).not.toContain('photo.jpg');
    expect(JSON.stringify(audit)).not.toContain('Harvest');
  });

  it('takes the type from the bytes: a page named photo.jpg is refused, nothing stored', async () => {
    const church = await churchWithSessions();
    const page = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const res = await upload(church.s.principal, [{ name: 'photo.jpg', data: page, type: 'image/jpeg' }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MEDIA_MESSAGES.wrongType('photo.jpg'));
    expect(await storedFiles(church.church.id)).toEqual([]);
    expect(await mediaRows(church.church.id)).toEqual([]);
  });

  it('refuses the whole request when one of its files is refused: the files stored before it are removed', async () => {
    const church = await churchWithSessions();
    const res = await upload(church.s.principal, [
      { name: 'first.png', data: await pngSample() }, { name: 'clip.mp4', data: mp4Sample() }, { name: 'virus.exe', data: Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1') },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MEDIA_MESSAGES.wrongType('virus.exe'));
    expect(await storedFiles(church.church.id)).toEqual([]);
    expect(await mediaRows(church.church.id)).toEqual([]);
  });

  it('refuses a photo over 10 MB with the limit in the message', async () => {
    const church = await churchWithSessions();
    const big = Buffer.concat([await jpegSample(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(church.s.principal, [{ name: 'huge.jpg', data: big }]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(MEDIA_MESSAGES.tooLarge('huge.jpg', 10));
    expect(await storedFiles(church.church.id)).toEqual([]);
  });

  it('refuses a 60 MB video while it streams: 413 before the end of the body, nothing stored, no row', async () => {
    const church = await churchWithSessions();
    // 51 MB of the 60 are sent, and the body is left open: only a refusal made mid-stream answers.
    const answer = await streamLargeUpload(church.s.principal, 'long.mp4', mp4Sample(), 51 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(MEDIA_MESSAGES.tooLarge('long.mp4', 50));
    expect(await storedFiles(church.church.id)).toEqual([]);
    expect(await mediaRows(church.church.id)).toEqual([]);
  });

  it('checks the form: a missing title or no file is a 400 with the form\'s message, nothing stored', async () => {
    const church = await churchWithSessions();
    const noTitle = await upload(church.s.principal, [{ name: 'a.png', data: await pngSample() }], { ...FIELDS, title: '  ' });
    expect([noTitle.status, noTitle.body.message]).toEqual([400, GALLERY_MESSAGES.titleRequired]);
    const badMonth = await upload(church.s.principal, [{ name: 'a.png', data: await pngSample() }], { ...FIELDS, month: '13' });
    expect(badMonth.status).toBe(400);
    const noFiles = await upload(church.s.principal, []);
    expect([noFiles.status, noFiles.body.message]).toEqual([400, MEDIA_MESSAGES.selectFiles]);
    const notMultipart = await call(church.s.principal, 'POST', '/api/gallery/upload', FIELDS);
    expect([notMultipart.status, notMultipart.body.message]).toEqual([415, GALLERY_MESSAGES.notMultipart]);
    expect(await storedFiles(church.church.id)).toEqual([]);
    expect(await mediaRows(church.church.id)).toEqual([]);
  });

  it('is for principals and super admins: a guest, a teacher and nobody get no file stored', async () => {
    const church = await churchWithSessions();
    const file = [{ name: 'a.png', data: await pngSample() }];
    for (const role of ['guest', 'teacher'] as const) {
      const res = await upload(church.s[role], file);
      expect([res.status, res.body.message], role).toEqual([403, MESSAGES.notAllowed]);
    }
    expect((await upload(undefined, file)).status).toBe(401);
    expect((await upload(church.s.super_admin, file)).status).toBe(201);
    expect(await mediaRows(church.church.id)).toHaveLength(1);
  });

  it('leaves no row and no file when storage fails', async () => {
    // UPLOADS_DIR under a regular file: every write fails (ENOTDIR).
    const broken = await startTestApp({ UPLOADS_DIR: path.join(import.meta.filename, 'uploads') });
    try {
      const church = await churchWithSessions(broken);
      const res = await upload(church.s.principal, [{ name: 'a.png', data: await pngSample() }], FIELDS, broken);
      expect([res.status, res.body.message]).toEqual([503, GALLERY_MESSAGES.storageUnavailable]);
      expect(await mediaRows(church.church.id, broken)).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});

/**
 * Starts a multipart upload of a `declared`-byte video (head, then zeros) over plain HTTP, writes
 * only its first `sent` bytes and then waits, without ending the body, for the server's answer: an
 * answer that comes proves the server refused the file while it was still streaming.
 */
function streamLargeUpload(s: Session, fileName: string, head: Buffer, sent: number) {
  const boundary = `----gallery${Date.now()}`;
  const preamble = Buffer.from(
    Object.entries(FIELDS).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('')
    + `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const url = new URL(`${app.url}/api/gallery/upload`);
  return new Promise<{ status: number; body: Json }>((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const req = http.request({
      host: url.hostname, port: url.port, path: url.pathname, method: 'POST',
      headers: { authorization: `Bearer ${s.token}`, 'x-church-code': s.code, 'content-type': `multipart/form-data; boundary=${boundary}` },
    }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) });
      });
    });
    req.on('error', (error) => { if (!answered) reject(error); });
    const chunk = Buffer.alloc(256 * 1024);
    const write = () => {
      while (!answered && bytesSent < sent) {
        const piece = bytesSent === 0 ? Buffer.concat([preamble, head]) : chunk;
        bytesSent += piece.length;
        if (!req.write(piece)) { req.once('drain', write); return; }
      }
    };
    write();
  });
}

describe('list', () => {
  let church: Church;
  beforeAll(async () => {
    church = await churchWithSessions();
    // 14 items straight into the table: 13 of September 2025 (sunday_school), one of youth in October.
    await app.db.withTenant(church.church.id, (tx) => tx.insert(media).values(Array.from({ length: 14 }, (_, i) => ({
      churchId: church.church.id, title: `Item ${i}`, academicYear: '2025-2026', month: i === 13 ? '10' : '09',
      department: i === 13 ? 'youth' : 'sunday_school', fileType: 'image/jpeg', fileName: `p${i}.jpg`,
      filePath: `${'x'.repeat(20)}${String(i).padStart(2, '0')}.jpg`, fileSize: 100, createdAt: new Date(Date.UTC(2025, 8, 1 + i)),
    }))));
  });

  it('pages by 12, newest first', async () => {
    const first = await call(church.s.principal, 'GET', '/api/gallery');
    expect(first.body.data.items).toHaveLength(12);
    expect(first.body.data.items[0].title).toBe('Item 13');
    expect(first.body.data.pagination).toEqual({ currentPage: 1, totalPages: 2, total: 14, limit: 12, hasPrev: false, hasNext: true });
    const second = await call(church.s.principal, 'GET', '/api/gallery?page=2');
    expect(second.body.data.items.map((i: Json) => i.title)).toEqual(['Item 1', 'Item 0']);
    expect(second.body.data.pagination).toMatchObject({ currentPage: 2, hasPrev: true, hasNext: false });
  });

  it('filters by academic year, month and department; blank filters are no filter', async () => {
    const october = await call(church.s.guest, 'GET', '/api/gallery?academic_year=2025-2026&month=10');
    expect(october.body.data.items.map((i: Json) => i.title)).toEqual(['Item 13']);
    const youth = await call(church.s.guest, 'GET', '/api/gallery?department=Youth');
    expect(youth.body.data.pagination.total).toBe(1);
    const other = await call(church.s.guest, 'GET', '/api/gallery?academic_year=2024-2025');
    expect(other.body.data).toMatchObject({ items: [], pagination: { total: 0, totalPages: 1, hasNext: false } });
    const blank = await call(church.s.guest, 'GET', '/api/gallery?academic_year=&month=&department=');
    expect(blank.body.data.pagination.total).toBe(14);
  });

  it('refuses bad filters and pages with a 400', async () => {
    for (const query of ['page=0', 'page=abc', 'limit=49', 'month=13', 'academic_year=2025']) {
      const res = await call(church.s.principal, 'GET', `/api/gallery?${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it('lists the departments, always with sunday_school', async () => {
    const res = await call(church.s.guest, 'GET', '/api/gallery/departments');
    expect(res.body.data).toEqual(['sunday_school', 'youth']);
    const empty = await churchWithSessions();
    expect((await call(empty.s.principal, 'GET', '/api/gallery/departments')).body.data).toEqual(['sunday_school']);
  });

  it('is not for teachers', async () => {
    for (const p of ['/api/gallery', '/api/gallery/departments']) {
      expect((await call(church.s.teacher, 'GET', p)).status, p).toBe(403);
    }
  });
});

describe('files', () => {
  let item: Json;
  let video: Json;
  beforeAll(async () => {
    const res = await upload(a.s.principal, [{ name: 'kids.png', data: await pngSample() }, { name: 'clip.mp4', data: mp4Sample() }]);
    [item, video] = res.body.data.items;
  });

  it('serves a video by byte range', async () => {
    const size = mp4Sample().length;
    const part = await get(video.file_url, { range: 'bytes=4-11' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${size}`);
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftypisom');
    expect(part.headers.get('content-disposition')).toBe('attachment');
    const beyond = await get(video.file_url, { range: `bytes=${size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
  });

  it('serves by session to the church\'s own users, with the original name for downloads', async () => {
    const res = await fetch(`${app.url}/api/gallery/image/${video.file_path}`, { headers: { authorization: `Bearer ${a.s.guest.token}`, 'x-church-code': a.code } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="clip.mp4"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const thumbName = new URL(item.thumbnail_url, app.url).pathname.split('/').pop();
    const thumb = await fetch(`${app.url}/api/gallery/image/${thumbName}`, { headers: { authorization: `Bearer ${a.s.principal.token}`, 'x-church-code': a.code } });
    expect(thumb.status).toBe(200);
    expect(await fetch(`${app.url}/api/gallery/image/${video.file_path}`).then((r) => r.status)).toBe(401);
  });

  it('never serves a file to another church: by name, by re-pointed or forged signature, or by id', async () => {
    const byName = await fetch(`${app.url}/api/gallery/image/${item.file_path}`, { headers: { authorization: `Bearer ${b.s.principal.token}`, 'x-church-code': b.code } });
    expect(byName.status).toBe(404);

    const signed = new URL(item.file_url, app.url);
    const repointedChurch = new URL(signed);
    repointedChurch.searchParams.set('church', b.church.id);
    const repointedFile = new URL(signed.toString().replace(item.file_path, video.file_path));
    const longer = new URL(signed);
    longer.searchParams.set('expires', String(Number(signed.searchParams.get('expires')) + 3600));
    const noSignature = new URL(signed);
    noSignature.searchParams.set('signature', '');
    for (const url of [repointedChurch, repointedFile, longer, noSignature]) {
      const res = await fetch(url);
      expect(res.status, url.search).toBe(403);
      expect((await res.json()).message).toBe(GALLERY_MESSAGES.linkExpired);
    }

    expect((await call(b.s.principal, 'DELETE', `/api/gallery/${item.id}`)).status).toBe(404);
    const bList = await call(b.s.principal, 'GET', '/api/gallery');
    expect(bList.body.data.items.map((i: Json) => i.id)).not.toContain(item.id);
  });

  it('refuses an address whose time has passed', async () => {
    const past = createMediaUrlSigner({ secret: SECRET, ttlMinutes: 15, now: () => Date.now() - 60 * 60_000 });
    const res = await get(past.urlFor(a.church.id, item.file_path));
    expect(res.status).toBe(403);
    const now = createMediaUrlSigner({ secret: SECRET, ttlMinutes: 15 });
    expect((await get(now.urlFor(a.church.id, item.file_path))).status).toBe(200);
  });

  it('never lets a crafted name reach storage', async () => {
    const session = { authorization: `Bearer ${a.s.principal.token}`, 'x-church-code': a.code };
    for (const name of ['..%2F..%2Fpackage.json', '%2E%2E%2F%2E%2E%2Fpackage.json', `${b.church.id}%2F${item.file_path}`, 'package.json', `${item.file_path}%00`, '..', '.types']) {
      const res = await fetch(`${app.url}/api/gallery/image/${name}`, { headers: session });
      expect(res.status, name).toBe(404);
    }
  });
});

describe('delete', () => {
  it('removes the row and every stored file, audited; a guest cannot', async () => {
    const church = await churchWithSessions();
    const res = await upload(church.s.principal, [{ name: 'a.png', data: await pngSample() }]);
    const [item] = res.body.data.items;
    expect(await storedFiles(church.church.id)).toHaveLength(3);
    const guest = await call(church.s.guest, 'DELETE', `/api/gallery/${item.id}`);
    expect([guest.status, guest.body.message]).toEqual([403, MESSAGES.notAllowed]);

    const done = await call(church.s.super_admin, 'DELETE', `/api/gallery/${item.id}`);
    expect([done.status, done.body.message]).toEqual([200, GALLERY_MESSAGES.deleted]);
    await app.server.services.background.idle();
    expect(await storedFiles(church.church.id)).toEqual([]);
    expect(await mediaRows(church.church.id)).toEqual([]);
    expect((await get(item.thumbnail_url)).status).toBe(404);
    const again = await call(church.s.principal, 'DELETE', `/api/gallery/${item.id}`);
    expect([again.status, again.body.message]).toEqual([404, GALLERY_MESSAGES.notFound]);
    const audit = await app.db.withPlatform((tx) => tx.select().from(auditLog)
      .where(and(eq(auditLog.targetChurchId, church.church.id), eq(auditLog.action, 'media.deleted'))));
    expect(audit.map((e) => e.resourceId)).toEqual([item.id]);
  });

  it('answers the same over tRPC', async () => {
    const church = await churchWithSessions();
    const [item] = (await upload(church.s.principal, [{ name: 'a.png', data: await pngSample() }])).body.data.items;
    const trpc = (s: Session, input: unknown) => fetch(`${app.url}/trpc/gallery.delete`, {
      method: 'POST', headers: { authorization: `Bearer ${s.token}`, 'x-church-code': s.code, 'content-type': 'application/json' }, body: JSON.stringify(input),
    });
    expect((await trpc(church.s.guest, { id: item.id })).status).toBe(403);
    expect((await trpc(church.s.principal, { id: 'not-an-id' })).status).toBe(400);
    expect((await trpc(church.s.principal, { id: item.id })).status).toBe(200);
  });
});

describe('on S3-compatible storage (a real s3rver)', () => {
  let s3app: TestApp;
  let admin: S3Client;
  let onS3: AppOnS3 | undefined;
  const bucket = 'gallery-app-test';
  beforeAll(async () => {
    onS3 = await startAppOnS3(bucket);
    ({ app: s3app, admin } = onS3);
  });
  afterAll(async () => { await onS3?.close(); });

  const objects = async (churchId: string) => {
    const listed = await admin.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${churchId}/` }));
    return (listed.Contents ?? []).map((o) => o.Key!);
  };

  it('uploads into the bucket under the church\'s prefix, serves from it, and delete removes every object', async () => {
    const church = await churchWithSessions(s3app);
    const res = await upload(church.s.principal, [{ name: 'a.png', data: await pngSample() }, { name: 'clip.mp4', data: mp4Sample() }], FIELDS, s3app);
    expect(res.status, res.body.message).toBe(201);
    const [photo, clip] = res.body.data.items;
    expect(await objects(church.church.id)).toHaveLength(4);

    const thumb = await fetch(s3app.url + photo.thumbnail_url);
    expect([thumb.status, thumb.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const part = await fetch(s3app.url + clip.file_url, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftypisom');

    for (const item of [photo, clip]) {
      expect((await call(church.s.principal, 'DELETE', `/api/gallery/${item.id}`, undefined, s3app)).status).toBe(200);
    }
    await s3app.server.services.background.idle();
    expect(await objects(church.church.id)).toEqual([]);
    expect(await mediaRows(church.church.id, s3app)).toEqual([]);
  });
});

describe('a slow upload', () => {
  /** Sends a multipart upload of one PNG in three pieces, `pauseMs` apart; resolves with the status. */
  async function trickle(target: TestApp, s: Session, pauseMs: number): Promise<number> {
    const boundary = `----slow${Date.now()}`;
    const body = Buffer.concat([
      Buffer.from(Object.entries(FIELDS).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('')
        + `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      await pngSample(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const url = new URL(`${target.url}/api/gallery/upload`);
    return new Promise((resolve, reject) => {
      const req = http.request({
        host: url.hostname, port: url.port, path: url.pathname, method: 'POST',
        headers: { authorization: `Bearer ${s.token}`, 'x-church-code': s.code, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
      }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); });
      req.on('error', reject);
      const third = Math.ceil(body.length / 3);
      req.write(body.subarray(0, third));
      setTimeout(() => req.write(body.subarray(third, 2 * third)), pauseMs);
      setTimeout(() => req.end(body.subarray(2 * third)), 2 * pauseMs);
    });
  }

  it('may take longer than other requests (UPLOAD_TIMEOUT_SECONDS), and is cut off after that', async () => {
    const slow = await startTestApp({ REQUEST_TIMEOUT_SECONDS: '1', UPLOAD_TIMEOUT_SECONDS: '3' });
    try {
      const church = await churchWithSessions(slow);
      expect(await trickle(slow, church.s.principal, 1200)).toBe(201);
      expect(await trickle(slow, church.s.principal, 2500)).toBe(408);
      expect(await mediaRows(church.church.id, slow)).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});
