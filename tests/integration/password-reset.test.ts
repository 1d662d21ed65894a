import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, TEST_PASSWORD } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';
import { resetLinkIn, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { passwordResetTokens, users } from '../../drizzle/schema/index.js';

// Password reset end to end: forgot-password mails a link (through a real SMTP server in this
// process), the link's token sets a new password once within an hour, every session of that user
// ends, and one token used twice at once succeeds once.

const PUBLIC_URL = 'https://school.example.test/app';
const INVALID_LINK = 'Invalid or expired reset link.';
const NEW_PASSWORD = 'a brand new passphrase';

let app: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, RESET_MAX_PER_IP: '1000', RESET_MAX_PER_EMAIL: '1000', RESET_PASSWORD_MAX_PER_IP: '1000' });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const forgot = (email: string, url = app.url) => api(url, 'POST', '/api/auth/forgot-password', { body: { email } });
const reset = (token: unknown, newPassword: unknown, url = app.url) =>
  api(url, 'POST', '/api/auth/reset-password', { body: { token, newPassword } });
const login = (code: string, email: string, password: string) =>
  api(app.url, 'POST', '/api/auth/login', { body: { church_code: code, email, password } });

/** Asks for a reset of `email` and waits for the mail: the n-th one to that address. */
async function mailedToken(email: string) {
  const before = smtp.to(email).length;
  expect((await forgot(email)).status).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && smtp.to(email).indexOf(m) >= before);
  return { mail, ...resetLinkIn(mail) };
}

describe('the mailed reset link', () => {
  it('sets a new password once; the old password and every session of the user end', async () => {
    const { code, church, users: people } = await createChurch(app.db);
    const email = people.teacher.email;
    const phone = await signIn(app.url, code, email);
    const laptop = await signIn(app.url, code, email);
    const principal = await signIn(app.url, code, people.principal.email);

    const { mail, link, token } = await mailedToken(email);
    expect(mail.subject).toContain(church.name);
    expect(link).toBe(`${PUBLIC_URL}/reset-password/${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url
    expect(mail.text).toContain('teacher of');
    expect(mail.html).toContain(`href="${link}"`);
    // Only the token's hash is stored.
    const stored = await app.db.withTenant(church.id, (tx) => tx.select().from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, people.teacher.id)));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(stored[0].expiresAt.getTime() - stored[0].createdAt.getTime()).toBe(3_600_000);

    const done = await reset(token, NEW_PASSWORD);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, data: { message: 'Password reset successful' } });

    const again = await reset(token, 'yet another passphrase');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, message: INVALID_LINK, reason: 'invalid_reset_token' });

    expect((await login(code, email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(code, email, NEW_PASSWORD)).status).toBe(200);
    for (const session of [phone, laptop]) {
      expect((await session.get('/api/auth/verify')).status).toBe(401);
    }
    // Another user's session is untouched.
    expect((await principal.get('/api/auth/verify')).status).toBe(200);
  });

  it('a newer request ends the older link: only the newest works', async () => {
    const { code, users: people } = await createChurch(app.db);
    const email = people.principal.email;
    const older = await mailedToken(email);
    const newer = await mailedToken(email);
    expect(newer.token).not.toBe(older.token);
    expect((await reset(older.token, NEW_PASSWORD)).body.message).toBe(INVALID_LINK);
    expect((await reset(newer.token, NEW_PASSWORD)).status).toBe(200);
    expect((await login(code, email, NEW_PASSWORD)).status).toBe(200);
  });

  it('an expired link, an unknown token and a malformed one are all the same 400', async () => {
    const { code, church, users: people } = await createChurch(app.db);
    const email = people.super_admin.email;
    const { token } = await mailedToken(email);
    await app.db.withTenant(church.id, (tx) => tx.update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, people.super_admin.id)));

    for (const bad of [token, 'A'.repeat(43), 'not a token!', '', 'x'.repeat(300)]) {
      const res = await reset(bad, NEW_PASSWORD);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID_LINK);
    }
    expect((await login(code, email, TEST_PASSWORD)).status).toBe(200);
  });

  it('two uses of one token at once: exactly one succeeds', async () => {
    const { code, users: people } = await createChurch(app.db);
    const email = people.teacher.email;
    const { token } = await mailedToken(email);
    const answers = await Promise.all([reset(token, 'first racing passphrase'), reset(token, 'second racing passphrase')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const loser = answers.find((a) => a.status === 400)!;
    expect(loser.body.message).toBe(INVALID_LINK);
    const winner = answers[0].status === 200 ? 'first racing passphrase' : 'second racing passphrase';
    const other = winner.startsWith('first') ? 'second racing passphrase' : 'first racing passphrase';
    expect((await login(code, email, winner)).status).toBe(200);
    expect((await login(code, email, other)).status).toBe(401);
  });

  it('applies the password policy of registration, and a refused password leaves the link working', async () => {
    const { code, users: people } = await createChurch(app.db);
    const email = people.principal.email;
    const { token } = await mailedToken(email);
    const short = await reset(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters');
    const control = await reset(token, 'bad\u0000password');
    expect(control.status).toBe(400);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
    expect((await login(code, email, NEW_PASSWORD)).status).toBe(200);
  });

  it('one address in two churches: one mail per church, each link resets only its own account', async () => {
    const a = await createChurch(app.db);
    const b = await createChurch(app.db);
    const email = `shared-${a.code.toLowerCase()}@both.test`;
    for (const church of [a, b]) {
      await app.db.withTenant(church.church.id, (tx) => tx.update(users).set({ email })
        .where(and(eq(users.churchId, church.church.id), eq(users.id, church.users.teacher.id))));
    }
    expect((await forgot(email)).status).toBe(200);
    const fromA = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(a.church.name));
    const fromB = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(b.church.name));
    expect(fromA.text).toContain(a.code);
    expect(fromB.text).toContain(b.code);

    expect((await reset(resetLinkIn(fromB).token, NEW_PASSWORD)).status).toBe(200);
    expect((await login(b.code, email, NEW_PASSWORD)).status).toBe(200);
    expect((await login(a.code, email, TEST_PASSWORD)).status).toBe(200);
    expect((await reset(resetLinkIn(fromA).token, 'church a passphrase')).status).toBe(200);
    expect((await login(a.code, email, 'church a passphrase')).status).toBe(200);
  });

  it('an unknown address gets the same answer and no mail', async () => {
    const { users: people } = await createChurch(app.db);
    const known = await forgot(people.teacher.email);
    await smtp.waitFor((m) => m.to.includes(people.teacher.email));
    await app.server.services.background.idle();
    const sent = smtp.attempts();
    const unknown = await forgot('nobody-at-all@nowhere.test');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await app.server.services.background.idle();
    expect(smtp.attempts()).toBe(sent);
    expect(smtp.to('nobody-at-all@nowhere.test')).toHaveLength(0);
  });

  it('the same procedure over /trpc, never in a batch', async () => {
    const { code, users: people } = await createChurch(app.db);
    const { token } = await mailedToken(people.teacher.email);
    const call = (path: string, body: unknown) => fetch(`${app.url}/trpc/${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const batched = await call('auth.resetPassword,auth.resetPassword?batch=1', { 0: { token, newPassword: NEW_PASSWORD }, 1: { token, newPassword: NEW_PASSWORD } });
    expect(batched.status).toBe(400);
    const single = await call('auth.resetPassword', { token, newPassword: NEW_PASSWORD });
    expect(single.status).toBe(200);
    expect((await login(code, people.teacher.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('reset attempts per address', () => {
  it('are limited: then 429 with Retry-After, whatever the tokens', async () => {
    const strict = await startTestApp({ RESET_PASSWORD_MAX_PER_IP: '2' });
    try {
      expect((await reset('A'.repeat(43), NEW_PASSWORD, strict.url)).status).toBe(400);
      expect((await reset('B'.repeat(43), NEW_PASSWORD, strict.url)).status).toBe(400);
      const refused = await reset('C'.repeat(43), NEW_PASSWORD, strict.url);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/^Too many password reset attempts\. Please try again in \d+ minutes?\.$/);
    } finally {
      await strict.close();
    }
  });
});
