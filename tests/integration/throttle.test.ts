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
