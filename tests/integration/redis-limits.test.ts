import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/constants.js';
import { LoginThrottle, RedisAttemptStore, type ThrottleLimits } from '../../server/modules/credentials/index.js';
import { createChurchSession } from '../../server/modules/auth/session.js';
import { backend, startTestApp } from '../helpers/app.js';
import { startServerProcess } from '../helpers/server-process.js';
import { api, createChurch } from '../helpers/fixtures.js';

// The attempt store in Redis (REDIS_URL): the memory store's semantics, through the same throttle
// cases as tests/unit/throttle.test.ts, against a real Redis; and what happens while Redis is down.
// The Redis cases run with the PostgreSQL project (where CI has Redis at 127.0.0.1:6379).

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `ss-test:${randomBytes(6).toString('hex')}:`;
let redis: Redis | undefined;

beforeAll(async () => {
  if (backend !== 'postgres') return;
  redis = new Redis(REDIS_URL, { keyPrefix: prefix, enableOfflineQueue: false, lazyConnect: true });
  await redis.connect();
});
afterAll(async () => {
  if (!redis) return;
  // This run's keys only (the client's prefix does not apply to SCAN's pattern or to DEL of the full names).
  const bare = new Redis(REDIS_URL);
  const keys = await bare.keys(`${prefix}*`);
  if (keys.length) await bare.del(...keys);
  await bare.quit();
  await redis.quit();
});

const limits: ThrottleLimits = {
  windowMs: 15 * 60_000, maxFailuresPerAccount: 3, accountLockMs: 5 * 60_000,
  maxFailuresPerAccountPerHour: 10, maxFailuresPerSource: 5,
};

let t = 0;
/** A store on the shared Redis with a clock of the test's, and fresh accounts (a run's keys never meet another's). */
const throttleWith = (overrides: Partial<ThrottleLimits> = {}) => {
  t = 1_700_000_000_000;
  const store = new RedisAttemptStore(redis!, () => t);
  return { store, throttle: new LoginThrottle(store, { ...limits, ...overrides }, () => t), id: randomBytes(4).toString('hex') };
};

async function fail(throttle: LoginThrottle, account: string, ip: string) {
  const admission = await throttle.admit(account, ip);
  if (admission.admitted) await throttle.failed(account, ip);
  return admission;
}

describe.skipIf(backend !== 'postgres')('RedisAttemptStore under LoginThrottle', () => {
  it('locks an account from one address for the lock time only, then lets it try again', async () => {
    const { throttle, id } = throttleWith();
    for (let i = 0; i < 3; i++) expect((await fail(throttle, `A:${id}`, '10.0.0.1')).admitted).toBe(true);
    expect(await throttle.admit(`A:${id}`, '10.0.0.1')).toEqual({ admitted: false, retryAfterSeconds: 300 });
    expect((await throttle.admit(`A:${id}`, '10.0.0.2')).admitted).toBe(true);
    t += 5 * 60_000;
    expect((await throttle.admit(`A:${id}`, '10.0.0.1')).admitted).toBe(true);
  });

  it('counts an attempt before the password is checked: parallel attempts cannot all pass (two clients, as two processes)', async () => {
    const { id } = throttleWith();
    const other = new Redis(REDIS_URL, { keyPrefix: prefix });
    try {
      const throttles = [redis!, other].map((client) => new LoginThrottle(new RedisAttemptStore(client, () => t), limits, () => t));
      const admissions = await Promise.all(Array.from({ length: 20 }, (_, i) => throttles[i % 2].admit(`A:${id}`, '10.0.0.1')));
      // Never more than the limit. Fewer may pass than in one process's memory: the three counts of
      // an attempt (address, account, pair) are separate steps, so across clients a request may be
      // late on one count and refused by it while early on another.
      const admitted = admissions.filter((a) => a.admitted).length;
      expect(admitted).toBeGreaterThan(0);
      expect(admitted).toBeLessThanOrEqual(3);
    } finally {
      await other.quit();
    }
  });

  it('gives the attempt back when the password was right', async () => {
    const { throttle, id } = throttleWith();
    await fail(throttle, `A:${id}`, 'ip');
    await fail(throttle, `A:${id}`, 'ip');
    expect((await throttle.admit(`A:${id}`, 'ip')).admitted).toBe(true);
    await throttle.succeeded(`A:${id}`, 'ip');
    await fail(throttle, `A:${id}`, 'ip');
    await fail(throttle, `A:${id}`, 'ip');
    expect((await throttle.admit(`A:${id}`, 'ip')).admitted).toBe(true);
  });

  it('keeps guessing one account from many addresses slow: a limit per account per hour', async () => {
    const { throttle, id } = throttleWith({ maxFailuresPerAccountPerHour: 4 });
    for (let i = 0; i < 4; i++) expect((await fail(throttle, `A:${id}`, `10.0.1.${i}`)).admitted).toBe(true);
    expect(await throttle.admit(`A:${id}`, '10.0.9.9')).toEqual({ admitted: false, retryAfterSeconds: 3600 });
    expect((await throttle.admit(`A:other${id}`, '10.0.9.9')).admitted).toBe(true);
  });

  it('limits one address across accounts, until its window ends', async () => {
    const { throttle, id } = throttleWith();
    const ip = `1.2.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    for (let i = 0; i < 5; i++) { await fail(throttle, `A:${id}user${i}`, ip); t += 1000; }
    expect(await throttle.admit(`A:${id}new`, ip)).toEqual({ admitted: false, retryAfterSeconds: 15 * 60 - 5 });
    t = 1_700_000_000_000 + 15 * 60_000;
    expect((await throttle.admit(`A:${id}new`, ip)).admitted).toBe(true);
  });

  it('an account over its hourly limit still admits a source with no failure against it, within the clean sources\' budget (two clients, as two processes)', async () => {
    const { id } = throttleWith();
    const other = new Redis(REDIS_URL, { keyPrefix: prefix });
    try {
      const attackLimits = { ...limits, maxFailuresPerAccountPerHour: 4, maxCleanSourceFailuresPerAccountPerHour: 3 };
      const [one, two] = [redis!, other].map((client) => new LoginThrottle(new RedisAttemptStore(client, () => t), attackLimits, () => t));
      for (let i = 0; i < 4; i++) await fail(i % 2 ? one : two, `A:${id}`, `10.0.1.${i}`);
      expect(await one.admit(`A:${id}`, '10.0.1.0')).toEqual({ admitted: false, retryAfterSeconds: 3600 });
      expect((await two.admit(`A:${id}`, '10.0.9.9')).admitted).toBe(true);
      await two.succeeded(`A:${id}`, '10.0.9.9');
      const admissions = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? one : two).admit(`A:${id}`, `10.0.3.${i}`)));
      const admitted = admissions.filter((a) => a.admitted).length;
      expect(admitted).toBeGreaterThan(0);
      expect(admitted).toBeLessThanOrEqual(3);
    } finally {
      await other.quit();
    }
  });

  it('add/get/claim/delete: windows rounded to whole seconds, counts never below zero, a claim once, Redis expiring the key', async () => {
    const { store, id } = throttleWith();
    t = 1_700_000_000_400;
    expect(await store.add(`k${id}`, 60_000, -1)).toEqual({ count: 0, resetAt: 1_700_000_060_000 });
    expect(await store.add(`k${id}`, 60_000)).toEqual({ count: 1, resetAt: 1_700_000_060_000 });
    expect(await store.get(`k${id}`)).toEqual({ count: 1, resetAt: 1_700_000_060_000 });
    t = 1_700_000_060_000;
    expect(await store.get(`k${id}`)).toBeUndefined();
    expect(await store.add(`k${id}`, 60_000)).toEqual({ count: 1, resetAt: 1_700_000_120_000 });
    await store.delete(`k${id}`);
    expect(await store.get(`k${id}`)).toBeUndefined();
    expect(await store.claim(`c${id}`, 60_000)).toBe(true);
    expect(await store.claim(`c${id}`, 60_000)).toBe(false);
    // On Redis's own clock (no clock given): the key lives as long as its window.
    const real = new RedisAttemptStore(redis!);
    const window = await real.add(`r${id}`, 2_000);
    expect(window.count).toBe(1);
    const ttl = await redis!.pttl(`attempt:${createHash('sha256').update(`r${id}`).digest('base64url').slice(0, 22)}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2_000);
  });
});

describe('Redis unreachable (REDIS_URL to a closed port)', () => {
  it('sign-in and forgot-password answer 503 (never let past their limits); the rest goes on', async () => {
    const app = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const { church, code, users } = await createChurch(app.db);
      const started = Date.now();
      const login = await api(app.url, 'POST', '/api/auth/login', { body: { church_code: code, email: users.teacher.email, password: 'whatever-1' } });
      expect([login.status, login.body.message, login.body.reason]).toEqual([503, MESSAGES.limitsUnavailable, 'limits_unavailable']);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(Number(login.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await api(app.url, 'POST', '/api/auth/forgot-password', { body: { email: users.teacher.email } })).status).toBe(503);
      // The public privacy notice's limit of unknown codes too: no code is looked up without it.
      const notice = await api(app.url, 'GET', `/api/churches/${code}/privacy-notice`);
      expect([notice.status, notice.body.reason]).toEqual([503, 'limits_unavailable']);

      expect((await api(app.url, 'GET', '/api/subscription/plans')).status).toBe(200);
      // A signed-in read needs no limit: a session made without the sign-in route still works.
      const token = await app.db.withTenant(church.id, (tx) => createChurchSession(tx, { churchId: church.id, userId: users.principal.id }, app.config));
      expect((await api(app.url, 'GET', '/api/subscription/usage', { token, code })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('Redis that takes connections and never answers (REDIS_URL to a silent peer)', () => {
  it.runIf(backend === 'postgres')('the server starts anyway (its ready check times out: an error, not a reason to exit); sign-in answers 503', async () => {
    // A peer that accepts the connection and answers nothing: the client's ready check (INFO) times out.
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => { held.push(socket); });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const server = await startServerProcess({
      NODE_ENV: 'test', LOG_LEVEL: 'error', DEMO_SEED: 'false', DATABASE_URL: process.env.DATABASE_URL!, REDIS_URL: `redis://127.0.0.1:${port}`,
    }, 90_000);
    try {
      expect(held.length).toBeGreaterThan(0);
      const login = await api(server.url, 'POST', '/api/auth/login', { body: { church_code: 'NONE01', email: 'a@example.org', password: 'whatever-1' } });
      expect([login.status, login.body.reason]).toEqual([503, 'limits_unavailable']);
      expect((await api(server.url, 'GET', '/api/subscription/plans')).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      for (const socket of held) socket.destroy();
      silent.close();
    }
  });
});
