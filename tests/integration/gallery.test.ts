import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../drizzle/schema/index.js';
import { MESSAGES } from '../../common/constants.js';
import { GALLERY_MESSAGES, MEDIA_MESSAGES } from '../../common/media-limits.js';
import { createMediaUrlSigner } from '../../server/modules/media-storage/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { useAppOnS3 } from '../helpers/s3-app.js';
import type { Json } from '../helpers/fixtures.js';
import { auditOf } from '../helpers/audit.js';
import { churchWithSessions, type ChurchSession as Session, type ChurchWithSessions as Church } from '../helpers/church-session.js';
import { GALLERY_FIELDS as FIELDS, uploadFiles, type UploadFile } from '../helpers/gallery-upload.js';
import { jpegSample, mp4Sample, pdfSample, pngSample } from '../helpers/media-samples.js';

const SECRET = 'a-gallery-test-secret-of-at-least-32-characters';
let app: TestApp;
beforeAll(async () => { app = await startTestApp({ MEDIA_URL_SECRET: SECRET }); });
afterAll(async () => { await app?.close(); });

/** An upload to this file's app unless another is named. */
const upload = (s: Session | undefined, files: UploadFile[], fields = FIELDS, target: TestApp = app) =>
  uploadFiles(target, s, files, fields);

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
beforeAll(async () => { [a, b] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]); });

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

    const list = await a.s.guest.get('/api/gallery');
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((i: Json) => i.id).sort()).toEqual([image.id, pdf.id].sort());
    expect(list.body.data.pagination).toMatchObject({ currentPage: 1, totalPages: 1, hasPrev: false, hasNext: false });

    const audit = await auditOf(app.db, a.church.id, { action: 'media.uploaded' });
    expect(audit.map((e) => e.resourceId).sort()).toEqual([image.id, pdf.id].sort());
    // The entry says what and where, not the title or file name (either may name a child).
    expect(JSON.stringify(audit)).not.toContain('photo.jpg');
    expect(JSON.stringify(audit)).not.toContain('Harvest');
  });

  it('takes the type from the bytes: a page named photo.jpg is refused, nothing stored', async () => {
    const church = await churchWithSessions(app);
    const page = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const res = await upload(church.s.principal, [{ name: 'photo.jpg', data: page, type: 'image/jpeg' }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MEDIA_MESSAGES.wrongType('photo.jpg'));
    expect(await storedFiles(church.church.id)).toEqual([]);
    expect(await mediaRows(church.church.id)).toEqual([]);
  });

  it('refuses the whole request when one of its files is refused: the files stored before it are removed', async () => {
    const church = await churchWithSessions(app);
    const res = await upload(church.s.principal, [
      { name: 'first.png', data: await pngSample() }, { name: 'clip.mp4', data: mp4Sample() }, { name: 'virus.exe', data: Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1') },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MEDIA_MESSAGES.wrongType('virus.exe'));
    expect(await storedFiles(church.church.id)).toEqual([]);
    expect(await mediaRows(church.church.id)).toEqual([]);
  });

  it('refuses a photo over 10 MB with the limit in the message', async () => {
    const church = await churchWithSessions(app);
    const big = Buffer.concat([await jpegSample(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(church.s.principal, [{ name: 'huge.jpg', data: big }]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(MEDIA_MESSAGES.tooLarge('huge.jpg', 10));
    expect(await storedFiles(church.church.id)).toEqual([]);
  });

  it('refuses a 60 MB video while it streams: 413 before the end of the body, nothing stored, no row', async () => {
    const church = await churchWithSessions(app);
    // 51 MB of the 60 are sent, and the body is left open: only a refusal made mid-stream answers.
    const answer = await streamLargeUpload(church.s.principal, 'long.mp4', mp4Sample(), 51 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(MEDIA_MESSAGES.tooLarge('long.mp4', 50));
    expect(await storedFiles(church.church.id)).toEqual([]);
    expect(await mediaRows(church.church.id)).toEqual([]);
  });

  it('checks the form: a missing title or no file is a 400 with the form\'s message, nothing stored', async () => {
    const church = await churchWithSessions(app);
    const noTitle = await upload(church.s.principal, [{ name: 'a.png', data: await pngSample() }], { ...FIELDS, title: '  ' });
    expect([noTitle.status, noTitle.body.message]).toEqual([400, GALLERY_MESSAGES.titleRequired]);
    const badMonth = await upload(church.s.principal, [{ name: 'a.png', data: await pngSample() }], { ...FIELDS, month: '13' });
    expect(badMonth.status).toBe(400);
    const noFiles = await upload(church.s.principal, []);
    expect([noFiles.status, noFiles.body.message]).toEqual([400, MEDIA_MESSAGES.selectFiles]);
    const notMultipart = await church.s.principal.post('/api/gallery/upload', FIELDS);
    expect([notMultipart.status, notMultipart.body.message]).toEqual([415, GALLERY_MESSAGES.notMultipart]);
    expect(await storedFiles(church.church.id)).toEqual([]);
    expect(await mediaRows(church.church.id)).toEqual([]);
  });

  it('is for principals and super admins: a guest, a teacher and nobody get no file stored', async () => {
    const church = await churchWithSessions(app);
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
      headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
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
    church = await churchWithSessions(app);
    // 14 items straight into the table: 13 of September 2025 (sunday_school), one of youth in October.
    await app.db.withTenant(church.church.id, (tx) => tx.insert(media).values(Array.from({ length: 14 }, (_, i) => ({
      churchId: church.church.id, title: `Item ${i}`, academicYear: '2025-2026', month: i === 13 ? '10' : '09',
      department: i === 13 ? 'youth' : 'sunday_school', fileType: 'image/jpeg', fileName: `p${i}.jpg`,
      filePath: `${'x'.repeat(20)}${String(i).padStart(2, '0')}.jpg`, fileSize: 100, createdAt: new Date(Date.UTC(2025, 8, 1 + i)),
    }))));
  });

  it('pages by 12, newest first', async () => {
    const first = await church.s.principal.get('/api/gallery');
    expect(first.body.data.items).toHaveLength(12);
    expect(first.body.data.items[0].title).toBe('Item 13');
    expect(first.body.data.pagination).toEqual({ currentPage: 1, totalPages: 2, total: 14, limit: 12, hasPrev: false, hasNext: true });
    const second = await church.s.principal.get('/api/gallery?page=2');
    expect(second.body.data.items.map((i: Json) => i.title)).toEqual(['Item 1', 'Item 0']);
    expect(second.body.data.pagination).toMatchObject({ currentPage: 2, hasPrev: true, hasNext: false });
  });

  it('filters by academic year, month and department; blank filters are no filter', async () => {
    const october = await church.s.guest.get('/api/gallery?academic_year=2025-2026&month=10');
    expect(october.body.data.items.map((i: Json) => i.title)).toEqual(['Item 13']);
    const youth = await church.s.guest.get('/api/gallery?department=Youth');
    expect(youth.body.data.pagination.total).toBe(1);
    const other = await church.s.guest.get('/api/gallery?academic_year=2024-2025');
    expect(other.body.data).toMatchObject({ items: [], pagination: { total: 0, totalPages: 1, hasNext: false } });
    const blank = await church.s.guest.get('/api/gallery?academic_year=&month=&department=');
    expect(blank.body.data.pagination.total).toBe(14);
  });

  it('refuses bad filters and pages with a 400', async () => {
    for (const query of ['page=0', 'page=abc', 'limit=49', 'month=13', 'academic_year=2025']) {
      const res = await church.s.principal.get(`/api/gallery?${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it('lists the departments, always with sunday_school', async () => {
    const res = await church.s.guest.get('/api/gallery/departments');
    expect(res.body.data).toEqual(['sunday_school', 'youth']);
    const empty = await churchWithSessions(app);
    expect((await empty.s.principal.get('/api/gallery/departments')).body.data).toEqual(['sunday_school']);
  });

  it('is not for teachers', async () => {
    for (const p of ['/api/gallery', '/api/gallery/departments']) {
      expect((await church.s.teacher.get(p)).status, p).toBe(403);
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
    const res = await fetch(`${app.url}/api/gallery/image/${video.file_path}`, { headers: a.s.guest.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="clip.mp4"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const thumbName = new URL(item.thumbnail_url, app.url).pathname.split('/').pop();
    const thumb = await fetch(`${app.url}/api/gallery/image/${thumbName}`, { headers: a.s.principal.headers });
    expect(thumb.status).toBe(200);
    expect(await fetch(`${app.url}/api/gallery/image/${video.file_path}`).then((r) => r.status)).toBe(401);
  });

  it('never serves a file to another church: by name, by re-pointed or forged signature, or by id', async () => {
    const byName = await fetch(`${app.url}/api/gallery/image/${item.file_path}`, { headers: b.s.principal.headers });
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

    expect((await b.s.principal.delete(`/api/gallery/${item.id}`)).status).toBe(404);
    const bList = await b.s.principal.get('/api/gallery');
    expect(bList.body.data.items.map((i: Json) => i.id)).not.toContain(item.id);
  });

  it('refuses an address whose time has passed', async () => {
    const past = createMediaUrlSigner({ secret: SECRET, ttlMinutes: 15, now: () => Date.now() - 60 * 60_000 });
    const res = await get(past.urlFor(a.church.id, item.file_path, 'm'));
    expect(res.status).toBe(403);
    const now = createMediaUrlSigner({ secret: SECRET, ttlMinutes: 15 });
    expect((await get(now.urlFor(a.church.id, item.file_path, 'm'))).status).toBe(200);
  });

  it('never lets a crafted name reach storage', async () => {
    for (const name of ['..%2F..%2Fpackage.json', '%2E%2E%2F%2E%2E%2Fpackage.json', `${b.church.id}%2F${item.file_path}`, 'package.json', `${item.file_path}%00`, '..', '.types']) {
      const res = await fetch(`${app.url}/api/gallery/image/${name}`, { headers: a.s.principal.headers });
      expect(res.status, name).toBe(404);
    }
  });
});

describe('delete', () => {
  it('removes the row and every stored file, audited; a guest cannot', async () => {
    const church = await churchWithSessions(app);
    const res = await upload(church.s.principal, [{ name: 'a.png', data: await pngSample() }]);
    const [item] = res.body.data.items;
    expect(await storedFiles(church.church.id)).toHaveLength(3);
    const guest = await church.s.guest.delete(`/api/gallery/${item.id}`);
    expect([guest.status, guest.body.message]).toEqual([403, MESSAGES.notAllowed]);

    const done = await church.s.super_admin.delete(`/api/gallery/${item.id}`);
    expect([done.status, done.body.message]).toEqual([200, GALLERY_MESSAGES.deleted]);
    await app.server.services.background.idle();
    expect(await storedFiles(church.church.id)).toEqual([]);
    expect(await mediaRows(church.church.id)).toEqual([]);
    expect((await get(item.thumbnail_url)).status).toBe(404);
    const again = await church.s.principal.delete(`/api/gallery/${item.id}`);
    expect([again.status, again.body.message]).toEqual([404, GALLERY_MESSAGES.notFound]);
    const audit = await auditOf(app.db, church.church.id, { action: 'media.deleted' });
    expect(audit.map((e) => e.resourceId)).toEqual([item.id]);
  });

  it('answers the same over tRPC', async () => {
    const church = await churchWithSessions(app);
    const [item] = (await upload(church.s.principal, [{ name: 'a.png', data: await pngSample() }])).body.data.items;
    const trpc = (s: Session, input: unknown) => s.mutate('gallery.delete', input);
    expect((await trpc(church.s.guest, { id: item.id })).status).toBe(403);
    expect((await trpc(church.s.principal, { id: 'not-an-id' })).status).toBe(400);
    expect((await trpc(church.s.principal, { id: item.id })).status).toBe(200);
  });
});

describe('on S3-compatible storage (a real s3rver)', () => {
  const s3 = useAppOnS3('gallery-app-test');

  it('uploads into the bucket under the church\'s prefix, serves from it, and delete removes every object', async () => {
    const { app: s3app } = s3;
    const church = await churchWithSessions(s3app);
    const res = await upload(church.s.principal, [{ name: 'a.png', data: await pngSample() }, { name: 'clip.mp4', data: mp4Sample() }], FIELDS, s3app);
    expect(res.status, res.body.message).toBe(201);
    const [photo, clip] = res.body.data.items;
    expect(await s3.keysOf(church.church.id)).toHaveLength(4);

    const thumb = await fetch(s3app.url + photo.thumbnail_url);
    expect([thumb.status, thumb.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const part = await fetch(s3app.url + clip.file_url, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftypisom');

    for (const item of [photo, clip]) {
      expect((await church.s.principal.delete(`/api/gallery/${item.id}`)).status).toBe(200);
    }
    await s3app.server.services.background.idle();
    expect(await s3.keysOf(church.church.id)).toEqual([]);
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
        headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
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
