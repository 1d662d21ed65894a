import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, TEST_PASSWORD } from '../helpers/fixtures.js';
import { createChurchDirectory } from '../../server/modules/churches/index.js';
import type { Database } from '../../server/db/index.js';

// Limits that hold under concurrency: sign-in attempts are counted before the password check, and
// unknown church codes are remembered (forgot-password has its own file).

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const login = (body: Record<string, unknown>, url = app.url) => api(url, 'POST', '/api/auth/login', { body });

describe('sign-in under a burst', () => {
  it('20 parallel wrong passwords for one account get at most the limit of 401s, the rest 429', async () => {
    const { code, users } = await createChurch(app.db);
    const answers = await Promise.all(Array.from({ length: 20 }, () =>
      login({ church_code: code, email: users.teacher.email, password: 'wrong-password' })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    for (const refused of answers.filter((a) => a.status === 429)) expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right password from the same address is refused during the lock too.
    expect((await login({ church_code: code, email: users.teacher.email, password: TEST_PASSWORD })).status).toBe(429);
  });
});

describe('an account under attack from many addresses', () => {
  // Behind a proxy (127.0.0.1) each request names its client in X-Forwarded-For.
  let proxied: TestApp;
  beforeAll(async () => { proxied = await startTestApp({ TRUST_PROXY: '127.0.0.1' }); });
  afterAll(async () => { await proxied?.close(); });
  const from = (address: string, body: Record<string, unknown>) =>
    api(proxied.url, 'POST', '/api/auth/login', { body, headers: { 'x-forwarded-for': address } });

  it('50 wrong passwords from 10 addresses do not lock the owner out: a clean address signs in with the right password; the attackers stay refused', async () => {
    const { code, users } = await createChurch(proxied.db);
    const account = { church_code: code, email: users.principal.email };
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 5; i++) expect((await from(`203.0.113.${a}`, { ...account, password: `wrong-${i}` })).status).toBe(401);
    }
    // The account is over its hourly limit (50): every address that failed is refused, even with the right password.
    for (let a = 0; a < 10; a++) expect((await from(`203.0.113.${a}`, { ...account, password: TEST_PASSWORD })).status).toBe(429);
    // The owner, from an address with no failure, signs in.
    const owner = await from('198.51.100.7', { ...account, password: TEST_PASSWORD });
    expect([owner.status, owner.body.data?.user.email]).toEqual([200, users.principal.email]);
    // A fresh address of the attacker's gets one guess, then is refused for the hour.
    expect((await from('203.0.113.200', { ...account, password: 'wrong-fresh' })).status).toBe(401);
    const again = await from('203.0.113.200', { ...account, password: TEST_PASSWORD });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('keeps guessing bounded: the hourly limit plus the clean addresses\' budget, then everyone is refused', async () => {
    const small = await startTestApp({ TRUST_PROXY: '127.0.0.1', LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR: '4', LOGIN_MAX_CLEAN_SOURCE_FAILURES_PER_HOUR: '3' });
    try {
      const { code, users } = await createChurch(small.db);
      const account = { church_code: code, email: users.teacher.email };
      const at = (address: string, password: string) =>
        api(small.url, 'POST', '/api/auth/login', { body: { ...account, password }, headers: { 'x-forwarded-for': address } });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await at('2001:db8:1:1::1', `wrong-${i}`)).status);
      // One guess from each of 20 fresh /64s.
      for (let i = 0; i < 20; i++) statuses.push((await at(`2001:db8:2:${i}::1`, 'wrong-fresh')).status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(4 + 3);
      expect(statuses.slice(7).every((s) => s === 429)).toBe(true);
      // Both budgets spent: the owner too waits for the hour.
      expect((await at('198.51.100.8', TEST_PASSWORD)).status).toBe(429);
    } finally {
      await small.close();
    }
  });
});

describe('the public privacy notice', () => {
  it('is no church-code oracle: unknown codes are counted per address (20 in 15 minutes), then 429 for any code; known codes are not counted', async () => {
    const { code } = await createChurch(app.db);
    const notice = (churchCode: string) => api(app.url, 'GET', `/api/churches/${churchCode}/privacy-notice`);
    for (let i = 0; i < 25; i++) expect((await notice(code)).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await notice(`NO${String(i).padStart(4, '0')}`)).status).toBe(404);
    const limited = await notice('NO9999');
    expect([limited.status, limited.body.message]).toEqual([429, 'Too many unknown church codes. Please try again in 15 minutes.']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await notice(code)).status).toBe(429);
  });
});

describe('church codes', () => {
  it('an unknown code costs one database lookup, not one per attempt', async () => {
    let lookups = 0;
    const counting: Database = { ...app.db, withPlatform: (fn) => { lookups++; return app.db.withPlatform(fn); } };
    const directory = createChurchDirectory(counting);
    for (let i = 0; i < 5; i++) expect(await directory.idForCode('NOSUCH')).toBeUndefined();
    expect(lookups).toBe(1);
    const { code, church } = await createChurch(app.db);
    for (let i = 0; i < 3; i++) expect(await directory.idForCode(code)).toBe(church.id);
    expect(lookups).toBe(2);
    directory.forget('NOSUCH');
    await directory.idForCode('NOSUCH');
    expect(lookups).toBe(3);
  });
});
