import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './app.js';

export interface AppOnS3 {
  app: TestApp;
  /** A client of the same bucket, to read back what the app stored. */
  admin: S3Client;
  /** The keys of the church's objects in the bucket (its prefix, `<church id>/`). */
  keysOf(churchId: string): Promise<string[]>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) in a temporary folder, one bucket, and a test app storing its
 * gallery files there. */
async function startAppOnS3(bucket: string): Promise<AppOnS3> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ss-s3rver-app-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  const app = await startTestApp({
    S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  return {
    app,
    admin,
    async keysOf(churchId) {
      const listed = await admin.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${churchId}/` }));
      return (listed.Contents ?? []).map((object) => object.Key!);
    },
    async close() {
      await app.close();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** startAppOnS3 for the tests of the calling describe block: started before them, closed after them.
 * The fields are there once the block's tests run. */
export function useAppOnS3(bucket: string): Omit<AppOnS3, 'close'> {
  const env = {} as AppOnS3;
  beforeAll(async () => { Object.assign(env, await startAppOnS3(bucket)); });
  afterAll(async () => { await env.close?.(); });
  return env;
}
