import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, TEST_PASSWORD } from '../helpers/fixtures.js';
import { passwordResetTokens } from '../../drizzle/schema/index.js';
import { createChurchDirectory } from '../../server/modules/churches/index.js';
import type { Database } from '../../server/db/index.js';

// Limits that hold under concurrency: sign-in attempts are counted before the password check,
// forgot-password is limited per address and per email, unknown church codes are remembered.

let app: TestApp;
beforeAll(async () => { app = await startTestApp({ RESET_MAX_PER_IP: '1000' }); });
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

describe('forgot-password', () => {
  const forgot = (email: string, url = app.url) => api(url, 'POST', '/api/auth/forgot-password', { body: { email } });
  const liveTokens = (db: Database, churchId: string, userId: string) => db.withTenant(churchId, (tx) => tx.select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt))));

  it('answers the same for a known and an unknown address, and leaves one live token per user', async () => {
    const { church, users } = await createChurch(app.db);
    const known = await forgot(users.principal.email);
    const unknown = await forgot('nobody-here@nowhere.test');
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await forgot(users.principal.email);
    await app.server.services.background.idle();
    expect(await liveTokens(app.db, church.id, users.principal.id)).toHaveLength(1);
  });

  it('sends at most a few mails an hour to one address, with the same answer', async () => {
    const { church, users } = await createChurch(app.db);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(await forgot(users.teacher.email));
      await app.server.services.background.idle();
    }
    expect(new Set(answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).size).toBe(1);
    // 3 issued (each ending the one before), the 4th and 5th not.
    const issued = await app.db.withTenant(church.id, (tx) => tx.select().from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, users.teacher.id)));
    expect(issued).toHaveLength(3);
    expect(await liveTokens(app.db, church.id, users.teacher.id)).toHaveLength(1);
  });

  it('refuses one address asking too often with 429', async () => {
    const strict = await startTestApp({ RESET_MAX_PER_IP: '2' });
    try {
      expect((await forgot('a@b.test', strict.url)).status).toBe(200);
      expect((await forgot('c@d.test', strict.url)).status).toBe(200);
      const refused = await forgot('e@f.test', strict.url);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
    } finally {
      await strict.close();
    }
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
