import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch } from '../helpers/fixtures.js';
import { passwordResetTokens } from '../../drizzle/schema/index.js';
import type { Database } from '../../server/db/index.js';

// Forgot-password: answered before its work (the same answer, whether or not the address exists),
// limited per address (429) and per email (same answer, no new token), one live token per user.

let app: TestApp;
beforeAll(async () => { app = await startTestApp({ RESET_MAX_PER_IP: '1000' }); });
afterAll(async () => { await app?.close(); });

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

  it('the newest token is the live one; two requests at once still leave one', async () => {
    const { church, users } = await createChurch(app.db);
    await forgot(users.principal.email);
    await app.server.services.background.idle();
    await forgot(users.principal.email);
    await app.server.services.background.idle();
    const all = await app.db.withTenant(church.id, (tx) => tx.select().from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, users.principal.id)));
    expect(all).toHaveLength(2);
    const [older, newer] = all.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(older.usedAt).not.toBeNull();
    expect(newer.usedAt).toBeNull();

    const { church: other, users: others } = await createChurch(app.db);
    await Promise.all([forgot(others.teacher.email), forgot(others.teacher.email)]);
    await app.server.services.background.idle();
    expect(await liveTokens(app.db, other.id, others.teacher.id)).toHaveLength(1);
  });

  it('answers before looking the address up: the work runs after the answer', async () => {
    const { church, users } = await createChurch(app.db);
    // The work is held back (not run) until the answer has arrived.
    const held: Array<() => Promise<void>> = [];
    const hold = vi.spyOn(app.server.services.background, 'run').mockImplementation((_name, _log, work) => { held.push(work); });
    try {
      const answer = await forgot(users.principal.email);
      expect(answer.status).toBe(200);
      expect(held).toHaveLength(1);
      expect(await liveTokens(app.db, church.id, users.principal.id)).toHaveLength(0);
    } finally {
      hold.mockRestore();
    }
    await held[0]();
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
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(JSON.stringify(refused.body)).toMatch(/Too many password reset requests\. Please try again in \d+ minutes?\./);
    } finally {
      await strict.close();
    }
  });
});
