import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalMediaStorage,
  createMediaStorage,
  createS3MediaStorage,
  InvalidMediaKeyError,
  newMediaKey,
  RangeNotSatisfiableError,
  type MediaStorage,
} from '../../server/modules/media-storage/index.js';
import { loadConfig } from '../../server/config.js';

// One contract, two stores: a folder on disk and an S3 bucket (a real s3rver on a random port).

const churchId = randomUUID();

/** A stream that yields some bytes, then fails (a client that disconnects mid-upload). */
function failingStream(bytesBeforeFailure: number): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(Buffer.alloc(bytesBeforeFailure, 7));
        setTimeout(() => this.destroy(new Error('client went away')), 20);
      }
    },
  });
}

interface Store {
  storage: MediaStorage;
  /** Everything the store holds, whatever its layout (to prove that failures leave nothing). */
  everything(): Promise<string[]>;
  /** S3: the multipart uploads that were started, and those aborted. */
  multipart?: { started: () => number; aborted: () => number };
}

function contract(name: string, open: () => Promise<Store>) {
  describe(`media storage: ${name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await open();
    });

    it('puts, gets whole and by range, and deletes', async () => {
      const key = newMediaKey(churchId, 'pdf');
      const content = Buffer.from('0123456789abcdefghij');
      expect(await store.storage.put(key, Readable.from([content.subarray(0, 7), content.subarray(7)]), 'application/pdf')).toEqual({ bytes: 20 });

      const whole = await store.storage.get(key);
      expect(whole).toMatchObject({ size: 20, contentType: 'application/pdf', range: { start: 0, end: 19 } });
      expect((await buffer(whole!.stream)).toString()).toBe('0123456789abcdefghij');

      const part = await store.storage.get(key, { start: 5, end: 9 });
      expect(part).toMatchObject({ size: 20, range: { start: 5, end: 9 } });
      expect((await buffer(part!.stream)).toString()).toBe('56789');

      const tail = await store.storage.get(key, { start: 15 });
      expect(tail).toMatchObject({ size: 20, range: { start: 15, end: 19 } });
      expect((await buffer(tail!.stream)).toString()).toBe('fghij');

      // An end past the object is cut at its last byte; a start past it is not satisfiable.
      const over = await store.storage.get(key, { start: 18, end: 100 });
      expect((await buffer(over!.stream)).toString()).toBe('ij');
      await expect(store.storage.get(key, { start: 20 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);

      await store.storage.delete(key);
      expect(await store.storage.get(key)).toBeUndefined();
      await store.storage.delete(key); // deleting twice is fine
    });

    it('streams a file larger than one multipart part', async () => {
      const key = newMediaKey(churchId, 'mp4');
      const chunk = Buffer.alloc(1024 * 1024, 1);
      const big = Readable.from((function* () { for (let i = 0; i < 7; i++) yield chunk; })());
      expect(await store.storage.put(key, big, 'video/mp4')).toEqual({ bytes: 7 * 1024 * 1024 });
      const got = await store.storage.get(key, { start: 6 * 1024 * 1024 });
      expect(got).toMatchObject({ size: 7 * 1024 * 1024, contentType: 'video/mp4' });
      expect((await buffer(got!.stream)).length).toBe(1024 * 1024);
      await store.storage.delete(key);
    });

    it('deletes many at once', async () => {
      const keys = [newMediaKey(churchId, 'jpg'), newMediaKey(churchId, 'jpg'), newMediaKey(churchId)];
      for (const key of keys) await store.storage.put(key, Readable.from([Buffer.from(key)]), 'image/jpeg');
      await store.storage.deleteMany([...keys, newMediaKey(churchId)]);
      for (const key of keys) expect(await store.storage.get(key)).toBeUndefined();
      expect(await store.everything()).toEqual([]);
    });

    it('refuses every key that is not <churchId>/<server-made name>, before touching storage', async () => {
      const good = newMediaKey(churchId, 'png');
      const name = good.split('/')[1];
      const bad = [
        '../x',
        `${churchId}/../${name}`,
        `${churchId}%2F${name}`,
        `a%2Fb`,
        `${churchId}/${name}/${name}`,
        `${churchId}\\${name}`,
        `/${churchId}/${name}`,
        `${churchId.toUpperCase()}/${name}`,
        `${churchId}/short`,
        `${churchId}/${name}.PNG`,
        `${churchId}/${name}.png\n`,
        `${churchId}/`,
        '',
      ];
      for (const key of bad) {
        await expect(store.storage.put(key, Readable.from([Buffer.from('x')]), 'image/png'), key).rejects.toBeInstanceOf(InvalidMediaKeyError);
        await expect(store.storage.get(key), key).rejects.toBeInstanceOf(InvalidMediaKeyError);
        await expect(store.storage.delete(key), key).rejects.toBeInstanceOf(InvalidMediaKeyError);
      }
      await expect(store.storage.deleteMany([good, '../x'])).rejects.toBeInstanceOf(InvalidMediaKeyError);
      expect(() => newMediaKey(churchId, '../x')).toThrow(InvalidMediaKeyError);
      expect(() => newMediaKey('../etc', 'png')).toThrow(InvalidMediaKeyError);
      expect(await store.everything()).toEqual([]);
    });

    it('leaves nothing behind when the upload stream errors midway, small or multipart', async () => {
      const before = store.multipart && { started: store.multipart.started(), aborted: store.multipart.aborted() };
      for (const size of [1000, 6 * 1024 * 1024]) {
        const key = newMediaKey(churchId, 'mp4');
        await expect(store.storage.put(key, failingStream(size), 'video/mp4')).rejects.toThrow();
        expect(await store.storage.get(key)).toBeUndefined();
        expect(await store.everything()).toEqual([]);
      }
      // The large one had begun a multipart upload; every one begun was aborted, which is what
      // makes S3 drop the parts already stored.
      if (store.multipart && before) {
        expect(store.multipart.started() - before.started).toBe(1);
        expect(store.multipart.aborted() - before.aborted).toBe(1);
      }
    });
  });
}

/** Files under a folder, relative, skipping empty folders. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

contract('local disk', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ss-media-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return { storage: createLocalMediaStorage(dir), everything: () => filesUnder(dir) };
});

contract('S3 (s3rver)', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ss-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  // A recorder of the multipart requests. s3rver answers AbortMultipartUpload but does not remove
  // the parts (real S3 does), so its own upload folder is left out of `everything` below and the
  // abort requests are counted instead.
  const multipart = { started: 0, aborted: 0 };
  server.middleware.unshift(async (ctx, next) => {
    if (ctx.method === 'POST' && 'uploads' in ctx.query) multipart.started++;
    if (ctx.method === 'DELETE' && ctx.query.uploadId) multipart.aborted++;
    await next();
  });
  const { port } = await server.run();
  cleanups.push(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const bucket = 'gallery-test';
  const admin = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  const storage = createS3MediaStorage({ bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  // s3rver keeps objects and unfinished multipart parts as files in its folder: whatever is there
  // beyond the empty bucket's own files is something left behind.
  const emptyBucket = new Set(await filesUnder(dir));
  return {
    storage,
    async everything() {
      const listed = await admin.send(new ListObjectsV2Command({ Bucket: bucket }));
      const files = (await filesUnder(dir)).filter((f) => !emptyBucket.has(f) && !f.startsWith(`${bucket}/._S3rver_uploads/`));
      return [...(listed.Contents ?? []).map((o) => o.Key!), ...files];
    },
    multipart: { started: () => multipart.started, aborted: () => multipart.aborted },
  };
});

describe('choosing the storage', () => {
  it('uses S3 when S3_BUCKET is set, the uploads folder otherwise', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ss-media-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const local = createMediaStorage(loadConfig({ UPLOADS_DIR: dir }));
    const key = newMediaKey(churchId, 'jpg');
    await local.put(key, Readable.from([Buffer.from('x')]), 'image/jpeg');
    expect(await filesUnder(dir)).toContain(key);
    expect(loadConfig({}).UPLOADS_DIR).toBe('./data/uploads');
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    // A bucket on a port where nothing listens: the S3 store is the one asked (and fails).
    const s3 = createMediaStorage(loadConfig({
      S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b',
    }));
    await expect(s3.get(key)).rejects.toThrow();
  });
});
