import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../drizzle/schema/index.js';
import { MEDIA_MESSAGES } from '../../common/media-limits.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { filesOnDisk, galleryChurch, uploadFiles } from '../helpers/gallery-upload.js';
import { phoneMp4, phonePhoto } from '../helpers/media-samples.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const MB = 1024 * 1024;
const rowsOf = (target: TestApp, churchId: string) => target.db.withTenant(churchId, (tx) => tx.select().from(media));

/** Fills the church's storage up to `leftBytes` below its plan's quota with one large item (a row
 * only: the shared plans are never changed, the church's usage is). */
async function fillStorage(target: TestApp, churchId: string, quotaMb: number, leftBytes: number) {
  const used = (await rowsOf(target, churchId)).reduce((sum, r) => sum + r.fileSize + r.copiesSize, 0);
  await target.db.withTenant(churchId, (tx) => tx.insert(media).values({
    churchId, title: 'Earlier videos', academicYear: '2025-2026', month: '08', fileType: 'video/mp4', fileName: 'earlier.mp4',
    filePath: `${'f'.repeat(22)}.mp4`, fileSize: quotaMb * MB - used - leftBytes,
  }));
}

describe('storage quota of the plan', () => {
  it('refuses a photo or a video that would pass the quota with a 413 naming the plan, storing nothing', async () => {
    const church = await galleryChurch(app, 'basic');
    await fillStorage(app, church.church.id, 5120, 2048);
    const photo = await uploadFiles(app, church.s.principal, [{ name: 'IMG_0001.jpg', data: await phonePhoto('jpeg') }]);
    expect([photo.status, photo.body.message]).toEqual([413, MEDIA_MESSAGES.storageFull('Basic Plan', 5120)]);
    expect(photo.body.message).toBe('Your Basic Plan allows 5 GB of gallery storage, and these files would go over it. Delete some files or upgrade your plan to upload more.');
    const video = await uploadFiles(app, church.s.principal, [{ name: 'clip.mp4', data: Buffer.concat([phoneMp4(), Buffer.alloc(4096)]) }]);
    expect([video.status, video.body.message]).toEqual([413, MEDIA_MESSAGES.storageFull('Basic Plan', 5120)]);
    expect((await filesOnDisk(app, church.church.id)).size).toBe(0);
    expect(await rowsOf(app, church.church.id)).toHaveLength(1);
  });

  it('lets only one of two uploads that each fit, but not together, through; the other leaves nothing', async () => {
    const church = await galleryChurch(app, 'free');
    const photo = await phonePhoto('jpeg', 1200, 800);
    const first = await uploadFiles(app, church.s.principal, [{ name: 'a.jpg', data: photo }]);
    expect(first.status).toBe(201);
    const [row] = await rowsOf(app, church.church.id);
    const oneUpload = row.fileSize + row.copiesSize;
    // Room for one and a half more: each upload alone fits when it starts.
    await fillStorage(app, church.church.id, 500, Math.floor(oneUpload * 1.5));
    const answers = await Promise.all([1, 2].map(() => uploadFiles(app, church.s.principal, [{ name: 'b.jpg', data: photo }])));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 413]);
    expect(answers.find((a) => a.status === 413)!.body.message).toBe(MEDIA_MESSAGES.storageFull('Free Trial plan', 500));
    expect((await filesOnDisk(app, church.church.id)).size).toBe(6);
    expect(await rowsOf(app, church.church.id)).toHaveLength(3);
  });

  it('is shown with the usage: bytes stored (originals and copies) and the quota in MB', async () => {
    const church = await galleryChurch(app, 'premium');
    const res = await uploadFiles(app, church.s.principal, [{ name: 'a.jpg', data: await phonePhoto('jpeg') }]);
    const [row] = await rowsOf(app, church.church.id);
    expect(row.fileSize).toBe(res.body.data.items[0].file_size);
    const stored = [...(await filesOnDisk(app, church.church.id)).values()].reduce((sum, b) => sum + b.length, 0);
    const usage = await church.s.guest.get('/api/subscription/usage');
    expect(usage.body.data.storage).toEqual({ used_bytes: stored, quota_mb: 25600 });
  });
});

describe('upload rate per church', () => {
  let limited: TestApp;
  beforeAll(async () => { limited = await startTestApp({ MEDIA_UPLOADS_PER_CHURCH: '3', MEDIA_UPLOAD_WINDOW_MINUTES: '10' }); });
  afterAll(async () => { await limited?.close(); });

  it('refuses the files beyond MEDIA_UPLOADS_PER_CHURCH in the window with a 429, storing none of that upload; other churches go on', async () => {
    const church = await galleryChurch(limited);
    const file = async (name: string) => ({ name, data: await phonePhoto('png', 60, 40) });
    const first = await uploadFiles(limited, church.s.principal, [await file('1.png'), await file('2.png')]);
    expect(first.status).toBe(201);
    const second = await uploadFiles(limited, church.s.principal, [await file('3.png'), await file('4.png')]);
    expect(second.status).toBe(429);
    expect(second.body.message).toBe('Too many files uploaded. Please try again in 10 minutes.');
    expect((await filesOnDisk(limited, church.church.id)).size).toBe(2 * 3);
    expect(await rowsOf(limited, church.church.id)).toHaveLength(2);

    const other = await galleryChurch(limited);
    expect((await uploadFiles(limited, other.s.super_admin, [await file('1.png')])).status).toBe(201);
  });
});
