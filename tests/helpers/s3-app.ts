import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { startTestApp, type TestApp } from './app.js';

export interface AppOnS3 {
  app: TestApp;
  /** A client of the same bucket, to read back what the app stored. */
  admin: S3Client;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) in a temporary folder, one bucket, and a test app storing its
 * gallery files there. */
export async function startAppOnS3(bucket: string): Promise<AppOnS3> {
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
    async close() {
      await app.close();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
