import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/index.js';
import { backend, openTestDatabase } from '../helpers/app.js';
import { api, createChurch, signInNewOperator } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';
import { pngSample } from '../helpers/media-samples.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

// Two server processes behind one address, as a deployment runs them: one PostgreSQL, one Redis, one
// S3-compatible bucket (a real s3rver). Each is a child process of the real entry point
// (server/main.ts), on its own port, so nothing can be shared through memory: whatever one sees of
// the other's work came through PostgreSQL, Redis or the bucket. PostgreSQL only (the embedded
// database has one owner), and it needs the Redis at 127.0.0.1:6379 that CI provides.

const ROOT = path.resolve(import.meta.dirname, '../..');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `ss-test:${randomBytes(6).toString('hex')}:`;

/** server/main.ts in a child process with `env`; resolves once /api/health answers. */
const startServer = (env: Record<string, string>) =>
  startServerProcess({ NODE_ENV: 'test', LOG_LEVEL: 'error', DEMO_SEED: 'false', ...env }, 90_000);

/** SIGTERM, and the exit code once it has exited. */
async function stop(server: ServerProcess | undefined): Promise<number | null> {
  if (!server) return null;
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return (await server.exited).code;
}

describe.skipIf(backend !== 'postgres')('two server processes on one PostgreSQL, one Redis, one bucket', () => {
  let db: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ss-s3rver-multi-'));
    const outbox = await mkdtemp(path.join(tmpdir(), 'ss-outbox-multi-'));
    const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
    const { port } = await s3.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const bucket = 'multi-process-test';
    await new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } })
      .send(new CreateBucketCommand({ Bucket: bucket }));
    db = await openTestDatabase();
    const env = {
      DATABASE_URL: process.env.DATABASE_URL!, REDIS_URL, REDIS_KEY_PREFIX: prefix, MAIL_OUTBOX_DIR: outbox,
      S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
      // Behind one address every process must sign gallery links with the same key.
      MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
    };
    cleanup = async () => {
      await Promise.all([stop(a), stop(b)]);
      await db?.close();
      await s3.close();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await rm(dir, { recursive: true, force: true });
      await rm(outbox, { recursive: true, force: true });
    };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 90_000);
  afterAll(async () => { await cleanup?.(); });

  it('a session made on one works on the other', async () => {
    const church = await createChurch(db);
    const session = await signIn(a.url, church.code, church.users.principal.email);
    const verify = await api(b.url, 'GET', '/api/auth/verify', { token: session.token, code: church.code });
    expect([verify.status, verify.body.data.user.email]).toEqual([200, church.users.principal.email]);
    // Signed out on B: refused on A.
    expect((await api(b.url, 'POST', '/api/auth/logout', { token: session.token, code: church.code })).status).toBe(200);
    expect((await api(a.url, 'GET', '/api/auth/verify', { token: session.token, code: church.code })).status).toBe(401);
  });

  it('the sign-in limit holds across both: wrong passwords spread over both hit 429 at the same total as on one', async () => {
    const church = await createChurch(db);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await api(i % 2 ? b.url : a.url, 'POST', '/api/auth/login', {
        body: { church_code: church.code, email: church.users.teacher.email, password: 'wrong-password' },
      });
      statuses.push(res.status);
    }
    // LOGIN_MAX_FAILURES_PER_ACCOUNT (5) failures lock the account from this address on every process.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // In parallel, too: one more church, 20 attempts over both at once, at most 5 get through to the password check.
    const other = await createChurch(db);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => api(i % 2 ? b.url : a.url, 'POST', '/api/auth/login', {
      body: { church_code: other.code, email: other.users.teacher.email, password: 'wrong-password' },
    })));
    const counted = burst.filter((res) => res.status === 401).length;
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThanOrEqual(5);
    expect(burst.every((res) => res.status === 401 || res.status === 429)).toBe(true);
  });

  it('an upload through one is served by the other', async () => {
    const church = await createChurch(db);
    const onA = await signIn(a.url, church.code, church.users.principal.email);
    const form = new FormData();
    for (const [key, value] of Object.entries({ title: 'Harvest', academic_year: '2025-2026', month: '09', department: 'Sunday School' })) form.append(key, value);
    form.append('files', new Blob([new Uint8Array(await pngSample())], { type: 'image/png' }), 'a.png');
    const uploaded = await fetch(`${a.url}/api/gallery/upload`, {
      method: 'POST', headers: onA.headers, body: form,
    });
    const body = await uploaded.json() as { data: { items: Array<{ id: string; thumbnail_url: string; file_url: string }> } };
    expect(uploaded.status).toBe(201);
    const [item] = body.data.items;
    // The address A signed opens on B, which reads the file from the bucket.
    const thumb = await fetch(b.url + item.thumbnail_url);
    expect([thumb.status, thumb.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await fetch(b.url + item.file_url)).status).toBe(200);
    const list = await api(b.url, 'GET', '/api/gallery', { token: onA.token, code: church.code });
    expect(list.body.data.items.map((i: { id: string }) => i.id)).toContain(item.id);
  });

  it('an operator change made through one is seen by the other at once', async () => {
    const church = await createChurch(db);
    const session = await signIn(b.url, church.code, church.users.principal.email);
    expect((await session.get('/api/classes')).status).toBe(200);
    const operator = await signInNewOperator(db, a.url);
    const put = await api(a.url, 'PUT', `/api/admin/churches/${church.church.id}/subscription`, {
      token: operator.token, body: { subscription_tier: 'basic', subscription_status: 'suspended', subscription_end_date: '2030-01-31' },
    });
    expect(put.status).toBe(200);
    const refused = await session.get('/api/classes');
    expect([refused.status, refused.body.reason]).toEqual([403, 'subscription_suspended']);
  });

  it('a church registered through one signs in through the other at once', async () => {
    const tag = randomBytes(4).toString('hex');
    const body = {
      name: `Multi ${tag}`, pincode: '682001', admin_name: 'Ann Admin', admin_email: `ann-${tag}@example.org`,
      admin_password: 'a long enough password', auth_provider: 'local', subscription_tier: 'free',
    };
    const register = await api(a.url, 'POST', '/api/churches/register', { body });
    expect(register.status, register.body.message).toBe(200);
    const login = await api(b.url, 'POST', '/api/auth/login', {
      body: { church_code: register.body.data.church.code, email: body.admin_email, password: body.admin_password },
    });
    expect(login.status).toBe(200);
  });

  it('SIGTERM drains both: each exits 0', async () => {
    expect(await Promise.all([stop(a), stop(b)])).toEqual([0, 0]);
  });
});

describe('WEB_CONCURRENCY', () => {
  it('refuses several processes on the embedded database, with a clear message', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT, env: { PATH: process.env.PATH ?? '', WEB_CONCURRENCY: '2', PGLITE_DATA_DIR: path.join(tmpdir(), 'ss-never-created') }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    const [code] = await once(child, 'exit') as [number | null];
    expect(code).toBe(1);
    expect(output).toMatch(/WEB_CONCURRENCY=2: the embedded database \(PGlite\) is owned by one process/);
  });

  // Three server processes boot here (the primary and two workers): 10 s on a quiet machine, and more
  // than the project's 30 s when the whole suite loads the 2 cores (CI), hence its own limit.
  it.skipIf(backend !== 'postgres')('runs N workers on one port after migrating once in the primary; SIGTERM to the primary drains them', async () => {
    const outbox = await mkdtemp(path.join(tmpdir(), 'ss-outbox-cluster-'));
    const server = await startServer({ DATABASE_URL: process.env.DATABASE_URL!, REDIS_URL, REDIS_KEY_PREFIX: prefix, WEB_CONCURRENCY: '2', MAIL_OUTBOX_DIR: outbox });
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => fetch(`${server.url}/api/health`).then((res) => res.status)));
      expect(answers.every((status) => status === 200)).toBe(true);
      // The primary says so once both workers listen (the first may answer before the second is up; up to 30 s on a loaded machine).
      for (let i = 0; i < 300 && !/running on .* \(2 processes/.test(server.output()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.output()).toMatch(/running on .* \(2 processes/);
    } finally {
      expect(await stop(server)).toBe(0);
      await rm(outbox, { recursive: true, force: true });
    }
  }, 120_000);
});
