import { GetObjectCommand } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { crc32, createDeflate } from 'node:zlib';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../drizzle/schema/index.js';
import { MEDIA_MAX_BYTES, MEDIA_MAX_DECODED_BYTES, MEDIA_MAX_MEGAPIXELS, MEDIA_MESSAGES } from '../../common/media-limits.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { useAppOnS3 } from '../helpers/s3-app.js';
import type { Json } from '../helpers/fixtures.js';
import { filesOnDisk, galleryChurch, uploadFiles, type UploadFile } from '../helpers/gallery-upload.js';
import { CAMERA, ISO6709, phoneMov, phoneMp4, phonePhoto, phonePng, VIDEO_FRAMES } from '../helpers/media-samples.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const mediaRows = (target: TestApp, churchId: string) => target.db.withTenant(churchId, (tx) => tx.select().from(media));

async function phoneFiles(): Promise<UploadFile[]> {
  return [
    { name: 'IMG_0001.jpg', data: await phonePhoto('jpeg') },
    { name: 'IMG_0002.png', data: await phonePng() },
    { name: 'IMG_0003.webp', data: await phonePhoto('webp') },
    { name: 'VID_0004.mp4', data: phoneMp4() },
    { name: 'IMG_0005.mov', data: phoneMov() },
  ];
}

/** Raw traces of the place, the camera and the date, whatever the container. */
const TRACES = [ISO6709, '+12.9701', '12,58.2N', CAMERA.make, CAMERA.model, '2025:09:14', 'xmpmeta', 'Exif\0\0', '\u00a9xyz', 'EXIF', 'XMP ', 'tEXt'];

async function expectNoLocation(name: string, data: Buffer) {
  const raw = data.toString('latin1');
  for (const trace of TRACES) expect(raw.includes(trace), `${name} contains ${JSON.stringify(trace)}`).toBe(false);
  // exifr reads JPEG, PNG (eXIf, tEXt, iTXt) and TIFF; WebP and videos are covered by the raw bytes.
  const parsed: unknown = await exifr.parse(data, { gps: true, xmp: true, iptc: true, tiff: true, exif: true }).catch(() => undefined);
  expect(JSON.stringify(parsed ?? {}), name).not.toMatch(/GPS|latitude|Make|Model|DateTime/i);
  expect(await exifr.gps(data).catch(() => undefined), name).toBeUndefined();
}

/** Every stored file is clean; the originals are upright with their colour profile; the videos keep
 * their size and their frames at the same offset (every chunk offset still valid). */
async function expectStoredClean(stored: Map<string, Buffer>, items: Json[], sent: UploadFile[]) {
  // Three files per photo (original, thumbnail, web copy), one per video.
  expect(stored.size).toBe(3 * 3 + 2);
  for (const [name, data] of stored) await expectNoLocation(name, data);
  for (const [i, item] of items.entries()) {
    const original = stored.get(item.file_path)!;
    expect(item.file_size, item.file_name).toBe(original.length);
    if (item.kind === 'image') {
      const meta = await sharp(original).metadata();
      const source = await sharp(sent[i].data).metadata();
      expect(meta.format).toBe(source.format);
      // Orientation 6 is in the pixels now: 600 × 400 sideways is 400 × 600 upright.
      expect([meta.width, meta.height, meta.orientation], item.file_name).toEqual([400, 600, undefined]);
      expect(meta.icc && source.icc && Buffer.compare(meta.icc, source.icc), item.file_name).toBe(0);
      expect([meta.exif, meta.xmp, meta.iptc], item.file_name).toEqual([undefined, undefined, undefined]);
    } else {
      expect(original.length).toBe(sent[i].data.length);
      expect(original.indexOf(VIDEO_FRAMES)).toBe(sent[i].data.indexOf(VIDEO_FRAMES));
    }
  }
}

describe('what is stored of a phone\'s photos and videos', () => {
  it('the samples carry the position, the camera and the date (the premise)', async () => {
    for (const file of (await phoneFiles()).slice(0, 2)) {
      expect(await exifr.gps(file.data), file.name).toMatchObject({ latitude: expect.closeTo(12.97, 2), longitude: expect.closeTo(77.58, 2) });
    }
    const [jpeg, png, webp, mp4, mov] = await phoneFiles();
    expect((await exifr.parse(jpeg.data, true)).Make).toBe(CAMERA.make);
    expect(png.data.toString('latin1')).toContain('tEXt');
    expect((await sharp(webp.data).metadata()).exif).toBeDefined();
    for (const video of [mp4, mov]) expect(video.data.toString('latin1')).toContain(ISO6709);
    expect(mp4.data.toString('latin1')).toContain('\u00a9xyz');
  });

  it('keeps no location, camera or date in any stored file on disk; originals upright with their colour profile', async () => {
    const church = await galleryChurch(app);
    const sent = await phoneFiles();
    const res = await uploadFiles(app, church.s.principal, sent);
    expect(res.status, res.body.message).toBe(201);
    await expectStoredClean(await filesOnDisk(app, church.church.id), res.body.data.items, sent);
    const rows = await mediaRows(app, church.church.id);
    for (const row of rows.filter((r) => r.webPath)) expect(row.copiesSize).toBeGreaterThan(0);
  });

  it('gives a guest the web copy of a photo and never its original', async () => {
    const church = await galleryChurch(app);
    const res = await uploadFiles(app, church.s.principal, [{ name: 'IMG_0001.jpg', data: await phonePhoto('jpeg') }]);
    const [uploaded] = res.body.data.items;
    const guestList = await church.s.guest.get('/api/gallery');
    const [seen] = guestList.body.data.items;
    expect(seen.file_path).not.toBe(uploaded.file_path);
    expect(new URL(seen.file_url, app.url).pathname).toBe(new URL(seen.web_url, app.url).pathname);
    const copy = await fetch(app.url + seen.file_url);
    expect([copy.status, copy.headers.get('content-type')]).toEqual([200, 'image/webp']);

    const bySession = (s: typeof church.s.guest, name: string) =>
      fetch(`${app.url}/api/gallery/image/${name}`, { headers: s.headers });
    expect((await bySession(church.s.guest, uploaded.file_path)).status).toBe(404);
    expect((await bySession(church.s.guest, seen.file_path)).status).toBe(200);
    const principal = await bySession(church.s.principal, uploaded.file_path);
    expect([principal.status, principal.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  });

  it('refuses a video whose index claims to be huge, storing nothing', async () => {
    const church = await galleryChurch(app);
    const mp4 = phoneMp4();
    const ftypLength = mp4.readUInt32BE(0);
    const crafted = Buffer.from(mp4);
    crafted.writeUInt32BE(200 * 1024 * 1024, ftypLength); // the moov box's size
    const res = await uploadFiles(app, church.s.principal, [{ name: 'odd.mp4', data: crafted }]);
    expect([res.status, res.body.message]).toEqual([413, MEDIA_MESSAGES.videoIndexTooLarge('odd.mp4')]);
    expect((await filesOnDisk(app, church.church.id)).size).toBe(0);
    expect(await mediaRows(app, church.church.id)).toEqual([]);
  });
});

/** A real decompression bomb: a PNG of `side` × `side` pixels, all zero, deflated row by row (a few
 * hundred KB that decode to `side`² pixels); 8-bit grey unless told (`colour`: 2 RGB, 6 RGBA). */
async function pngBomb(side: number, { bitDepth = 8, colour = 0 }: { bitDepth?: 8 | 16; colour?: 0 | 2 | 6 } = {}): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([bitDepth, colour, 0, 0, 0], 8);
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  const row = Buffer.alloc(side * ({ 0: 1, 2: 3, 6: 4 }[colour]) * (bitDepth / 8) + 1);
  for (let i = 0; i < side; i++) if (!deflate.write(row)) await new Promise((r) => deflate.once('drain', r));
  // Its last bytes come out after the input ends: wait for the end of its output, not of its input.
  await new Promise((r) => { deflate.on('end', r); deflate.end(); });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.concat(parts)), chunk('IEND', Buffer.alloc(0))]);
}
describe('decompression bombs', () => {
  it(`refuses a photo of more than ${MEDIA_MAX_MEGAPIXELS} megapixels at once, storing nothing`, async () => {
    const church = await galleryChurch(app);
    const bomb = await pngBomb(10_000); // 100 megapixels
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const res = await uploadFiles(app, church.s.principal, [{ name: 'bomb.png', data: bomb }]);
    const ms = performance.now() - started;
    expect([res.status, res.body.message]).toEqual([413, MEDIA_MESSAGES.tooManyPixels('bomb.png')]);
    expect(ms).toBeLessThan(1500);
    expect((await filesOnDisk(app, church.church.id)).size).toBe(0);
    expect(await mediaRows(app, church.church.id)).toEqual([]);
  });

  it(`refuses a photo whose decoded pixels pass ${MEDIA_MAX_DECODED_BYTES / 1e6} MB (a 49 MP 16-bit PNG) from its header, quickly, storing nothing`, async () => {
    const church = await galleryChurch(app);
    const deep = await pngBomb(7000, { bitDepth: 16, colour: 2 }); // 49 MP, 6 bytes a pixel: 294 MB decoded
    expect(deep.length).toBeLessThan(MEDIA_MAX_BYTES.image);
    const started = performance.now();
    const res = await uploadFiles(app, church.s.principal, [{ name: 'deep.png', data: deep }]);
    const ms = performance.now() - started;
    console.log(`[media-privacy] a 49 MP 16-bit PNG (${(deep.length / 1024).toFixed(0)} KB) refused in ${ms.toFixed(0)} ms`);
    expect([res.status, res.body.reason, res.body.message]).toEqual([413, 'media_too_large_decoded', MEDIA_MESSAGES.tooManyDecodedBytes('deep.png')]);
    expect(ms).toBeLessThan(1000);
    expect((await filesOnDisk(app, church.church.id)).size).toBe(0);
    expect(await mediaRows(app, church.church.id)).toEqual([]);
    // A small 16-bit photo is still taken.
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366aa' } }).toColourspace('rgb16').png().toBuffer();
    expect((await sharp(small).metadata()).depth).toBe('ushort');
    const taken = await uploadFiles(app, church.s.principal, [{ name: 'small16.png', data: small }]);
    expect(taken.status, taken.body.message).toBe(201);
  });

  it('lets at most MEDIA_IMAGE_JOBS photos be processed and MEDIA_IMAGE_MAX_WAITING wait; beyond that a 503, nothing stored', async () => {
    const busy = await startTestApp({ MEDIA_IMAGE_JOBS: '1', MEDIA_IMAGE_MAX_WAITING: '0' });
    try {
      const church = await galleryChurch(busy);
      // A large photo of noise: long enough to encode that the others arrive while it is processed.
      const photo = await sharp(randomBytes(2400 * 1600 * 3), { raw: { width: 2400, height: 1600, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
      const answers = await Promise.all([1, 2, 3].map(() => uploadFiles(busy, church.s.principal, [{ name: 'big.jpg', data: photo }])));
      const refused = answers.filter((a) => a.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      for (const a of refused) expect(a.body.message).toBe(MEDIA_MESSAGES.busy);
      const stored = answers.filter((a) => a.status === 201).length;
      expect(stored + refused.length).toBe(3);
      expect((await filesOnDisk(busy, church.church.id)).size).toBe(3 * stored);
      expect(await mediaRows(busy, church.church.id)).toHaveLength(stored);
    } finally {
      await busy.close();
    }
  });
});

describe('the work queue is fair between churches', () => {
  it(`one church holds at most WORK_JOBS_PER_CHURCH photos in the line (then 429); another church's upload is served meanwhile`, async () => {
    const queue = await startTestApp({ MEDIA_IMAGE_JOBS: '1', MEDIA_IMAGE_MAX_WAITING: '8', WORK_JOBS_PER_CHURCH: '2' });
    try {
      const [busy, quiet] = await Promise.all([galleryChurch(queue), galleryChurch(queue)]);
      // 20 MP photos: small to send (they arrive at once) and a few seconds each to process, so the
      // burst is still in the line when the other church comes.
      const photo = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
      const answered: Array<{ status: number; at: number }> = [];
      const burst = Array.from({ length: 10 }, () => uploadFiles(queue, busy.s.principal, [{ name: 'burst.jpg', data: photo }])
        .then((a) => { answered.push({ status: a.status, at: performance.now() }); return a; }));
      // Its share taken, the church's other uploads are refused at once.
      const deadline = Date.now() + 5000;
      while (answered.filter((a) => a.status === 429).length < 8 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const small = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#aa3366' } }).jpeg().toBuffer();
      const other = await uploadFiles(queue, quiet.s.principal, [{ name: 'other.jpg', data: small }]);
      const otherAt = performance.now();
      expect(other.status, other.body.message).toBe(201);
      const answers = await Promise.all(burst);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(8);
      for (const a of refused) expect([a.body.reason, a.body.message]).toEqual(['media_church_busy', MEDIA_MESSAGES.churchBusy]);
      expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
      // The other church did not wait for the whole burst: served before the burst's last photo.
      expect(otherAt).toBeLessThan(Math.max(...answered.filter((a) => a.status === 201).map((a) => a.at)));
      expect((await filesOnDisk(queue, busy.church.id)).size).toBe(3 * 2);
      expect(await mediaRows(queue, quiet.church.id)).toHaveLength(1);
    } finally {
      await queue.close();
    }
  }, 60_000);
});

describe('on S3-compatible storage (a real s3rver)', () => {
  const bucket = 'media-privacy-test';
  const s3 = useAppOnS3(bucket);

  it('keeps no location, camera or date in any object of the bucket', async () => {
    const { app: s3app, admin } = s3;
    const church = await galleryChurch(s3app);
    const sent = await phoneFiles();
    const res = await uploadFiles(s3app, church.s.principal, sent);
    expect(res.status, res.body.message).toBe(201);
    const objects = new Map<string, Buffer>();
    for (const Key of await s3.keysOf(church.church.id)) {
      const object = await admin.send(new GetObjectCommand({ Bucket: bucket, Key }));
      objects.set(Key.split('/')[1], Buffer.from(await object.Body!.transformToByteArray()));
    }
    await expectStoredClean(objects, res.body.data.items, sent);
  });
});
