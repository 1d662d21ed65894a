import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, TEST_PASSWORD } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';
import { users, userSessions } from '../../drizzle/schema/index.js';
import { GOOGLE_CONFIGURED_ENV } from '../helpers/fake-oidc.js';
import { MESSAGES } from '../../common/constants.js';

const INVALID = 'Invalid church code, email or password.';
let app: TestApp;
let withGoogle: TestApp;
beforeAll(async () => {
  [app, withGoogle] = await Promise.all([
    startTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' }),
    startTestApp({ ...GOOGLE_CONFIGURED_ENV }),
  ]);
});
afterAll(async () => { await Promise.all([app?.close(), withGoogle?.close()]); });

const login = (body: Record<string, unknown>) => api(app.url, 'POST', '/api/auth/login', { body });

describe('sign-in', () => {
  it('answers data.token, data.user and data.church, with the code upper-cased', async () => {
    const { code, users: people } = await createChurch(app.db);
    const res = await login({ church_code: code.toLowerCase(), email: people.principal.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect(res.body.data.user).toMatchObject({ email: people.principal.email, role: 'principal' });
    expect(res.body.data.user).not.toHaveProperty('passwordHash');
    expect(res.body.data.church).toMatchObject({ code, subscription: { valid: true } });
  });

  it('gives every wrong combination the same answer', async () => {
    const { code, users: people } = await createChurch(app.db);
    const other = await createChurch(app.db);
    const attempts = [
      { church_code: code, email: people.teacher.email, password: 'wrong-password' },
      { church_code: code, email: 'nobody@nowhere.test', password: TEST_PASSWORD },
      { church_code: 'ZZZZZ9', email: people.teacher.email, password: TEST_PASSWORD },
      { church_code: other.code, email: people.teacher.email, password: TEST_PASSWORD },
    ];
    for (const body of attempts) {
      const res = await login(body);
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(res.body).toEqual({ success: false, message: INVALID });
    }
  });

  it('validates input with clear 400s', async () => {
    expect((await login({ church_code: 'ABCDEFG', email: 'a@b.test', password: 'x' })).body.message)
      .toBe('Church code must be at most 6 characters');
    expect((await login({ church_code: 'ABC', email: 'not-an-email', password: 'x' })).status).toBe(400);
    const missing = await login({ church_code: 'ABC', email: 'a@b.test' });
    expect(missing).toMatchObject({ status: 400, body: { success: false, message: 'Password is required' } });
    const res = await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"church_code":' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: 'The request body is not valid JSON.' });
  });

  it('sends Gmail addresses to Google sign-in while Google sign-in is configured, on the server too', async () => {
    const { code } = await createChurch(withGoogle.db);
    const res = await api(withGoogle.url, 'POST', '/api/auth/login', { body: { church_code: code, email: 'someone@gmail.com', password: 'whatever' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: MESSAGES.useGoogleSignIn, reason: 'use_google' });
    expect((await api(withGoogle.url, 'GET', '/api/auth/sign-in-options')).body.data).toEqual({ google: true });
  });

  it('lets a Gmail address sign in with its password while Google sign-in is not configured', async () => {
    const { church, code, users: people } = await createChurch(app.db);
    const email = `member.${Date.now()}@gmail.com`;
    await app.db.withTenant(church.id, (tx) => tx.insert(users).values({
      churchId: church.id, role: 'teacher', name: 'Gmail teacher', email, passwordHash: people.teacher.passwordHash,
    }));
    const res = await login({ church_code: code, email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email, role: 'teacher' });
    expect((await login({ church_code: code, email, password: 'a wrong password' })).body.message).toBe(INVALID);
    expect((await api(app.url, 'GET', '/api/auth/sign-in-options')).body.data).toEqual({ google: false });
  });

  it('hashes passwords with argon2id 19 MiB, t=2, p=1', async () => {
    const { church } = await createChurch(app.db);
    const [row] = await app.db.withTenant(church.id, (tx) => tx.select({ hash: users.passwordHash }).from(users).limit(1));
    expect(row.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a deactivated user after a correct password with a clear message', async () => {
    const { church, code, users: people } = await createChurch(app.db);
    await app.db.withTenant(church.id, (tx) => tx.update(users).set({ isActive: false }).where(eq(users.id, people.teacher.id)));
    const res = await login({ church_code: code, email: people.teacher.email, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This account has been deactivated. Please contact your church administrator.');
  });
});

describe('sessions', () => {
  it('stores only the SHA-256 of the token', async () => {
    const { church, code, users: people } = await createChurch(app.db);
    const { token } = await signIn(app.url, code, people.teacher.email);
    const stored = await app.db.withTenant(church.id, (tx) => tx.select({ hash: userSessions.tokenHash }).from(userSessions));
    expect(stored).toEqual([{ hash: createHash('sha256').update(token).digest('hex') }]);
  });

  it('verifies a session, and revokes it at logout without touching other sessions', async () => {
    const { code, users: people } = await createChurch(app.db);
    const first = await signIn(app.url, code, people.teacher.email);
    const second = await signIn(app.url, code, people.teacher.email);
    const ok = await first.get('/api/auth/verify');
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.email).toBe(people.teacher.email);
    expect((await first.post('/api/auth/logout')).status).toBe(200);
    expect((await first.get('/api/auth/verify')).status).toBe(401);
    expect((await second.get('/api/auth/verify')).status).toBe(200);
  });

  it('answers 401 without a token, without a church code, or with an unknown token', async () => {
    const { code, users: people } = await createChurch(app.db);
    const { token } = await signIn(app.url, code, people.teacher.email);
    expect((await api(app.url, 'GET', '/api/auth/verify', { code })).status).toBe(401);
    expect((await api(app.url, 'GET', '/api/auth/verify', { token })).status).toBe(401);
    expect((await api(app.url, 'GET', '/api/auth/verify', { token: 'x'.repeat(43), code })).status).toBe(401);
  });

  it('slides the expiry forward on use and refuses an expired session', async () => {
    const { church, code, users: people } = await createChurch(app.db);
    const { token } = await signIn(app.url, code, people.teacher.email);
    const stale = new Date(Date.now() - 60 * 60_000);
    const soon = new Date(Date.now() + 60_000);
    await app.db.withTenant(church.id, (tx) => tx.update(userSessions).set({ lastSeenAt: stale, expiresAt: soon }));
    expect((await api(app.url, 'GET', '/api/auth/verify', { token, code })).status).toBe(200);
    const [after] = await app.db.withTenant(church.id, (tx) => tx.select().from(userSessions));
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 3_600_000);
    await app.db.withTenant(church.id, (tx) => tx.update(userSessions).set({ expiresAt: sql`now() - interval '1 second'` }));
    expect((await api(app.url, 'GET', '/api/auth/verify', { token, code })).status).toBe(401);
  });

  it('ends the sessions of a user who is deactivated', async () => {
    const { church, code, users: people } = await createChurch(app.db);
    const { token } = await signIn(app.url, code, people.teacher.email);
    await app.db.withTenant(church.id, (tx) => tx.update(users).set({ isActive: false }).where(eq(users.id, people.teacher.id)));
    expect((await api(app.url, 'GET', '/api/auth/verify', { token, code })).status).toBe(401);
  });
});

describe('throttling', () => {
  it('locks an account for a few minutes after repeated failures, with 429 and Retry-After, even for the right password', async () => {
    const { code, users: people } = await createChurch(app.db);
    for (let i = 0; i < 3; i++) {
      expect((await login({ church_code: code, email: people.teacher.email, password: 'wrong' })).status).toBe(401);
    }
    const locked = await login({ church_code: code, email: people.teacher.email, password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many sign-in attempts. Please try again in 5 minutes.');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(200);
    expect(retryAfter).toBeLessThanOrEqual(300);
    // Another account of the same church, from the same address, is not affected.
    expect((await login({ church_code: code, email: people.principal.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('clears the account count after a successful sign-in', async () => {
    const { code, users: people } = await createChurch(app.db);
    for (let i = 0; i < 2; i++) await login({ church_code: code, email: people.teacher.email, password: 'wrong' });
    expect((await login({ church_code: code, email: people.teacher.email, password: TEST_PASSWORD })).status).toBe(200);
    for (let i = 0; i < 2; i++) await login({ church_code: code, email: people.teacher.email, password: 'wrong' });
    expect((await login({ church_code: code, email: people.teacher.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('limits failures per IP across accounts', async () => {
    const strict = await startTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '100', LOGIN_MAX_FAILURES_PER_IP: '4' });
    try {
      const { code } = await createChurch(strict.db);
      for (let i = 0; i < 4; i++) {
        const res = await api(strict.url, 'POST', '/api/auth/login', { body: { church_code: code, email: `user${i}@x.test`, password: 'wrong' } });
        expect(res.status).toBe(401);
      }
      const res = await api(strict.url, 'POST', '/api/auth/login', { body: { church_code: code, email: 'user9@x.test', password: 'wrong' } });
      expect(res.status).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

describe('subscription validity', () => {
  it('lets a church whose trial ended sign in and see why, but refuses church data with 403', async () => {
    const { code, users: people } = await createChurch(app.db, { tier: 'free', endDate: new Date(Date.now() - 86_400_000) });
    const session = await signIn(app.url, code, people.principal.email);
    expect(session.church.subscription).toMatchObject({ valid: false, reason: 'trial_ended', message: 'Free trial period ended' });
    expect((await session.get('/api/auth/verify')).status).toBe(200);
    expect((await session.get('/api/subscription/usage')).status).toBe(200);
    const blocked = await session.get('/api/gallery/academic-year/config');
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({ success: false, message: 'Free trial period ended', reason: 'subscription_trial_ended' });
  });

  it('refuses a church whose payment is pending and lets a lifetime church in whatever its dates', async () => {
    const pending = await createChurch(app.db, { tier: 'basic', status: 'pending_payment' });
    const p = await signIn(app.url, pending.code, pending.users.principal.email);
    expect((await p.get('/api/gallery/academic-year/config')).status).toBe(403);
    const lifetime = await createChurch(app.db, { tier: 'lifetime', endDate: new Date(Date.now() - 86_400_000), isLifetime: true });
    const l = await signIn(app.url, lifetime.code, lifetime.users.principal.email);
    expect(l.church.subscription.valid).toBe(true);
    expect((await l.get('/api/gallery/academic-year/config')).status).toBe(200);
  });
});

describe('the API surface', () => {
  it('serves the same procedures over tRPC as over REST', async () => {
    const { code, users: people } = await createChurch(app.db, { tier: 'free', endDate: new Date(Date.now() - 86_400_000) });
    const { headers } = await signIn(app.url, code, people.teacher.email);
    const verify = await fetch(`${app.url}/trpc/auth.verify`, { headers });
    expect(verify.status).toBe(200);
    const body = await verify.json();
    expect(body.result.data.user.email).toBe(people.teacher.email);
    const blocked = await fetch(`${app.url}/trpc/academicYear.config`, { headers });
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).error).toMatchObject({
      message: 'Free trial period ended', data: { code: 'FORBIDDEN', reason: 'subscription_trial_ended', httpStatus: 403 },
    });
  });

  it('serves the OpenAPI document and a docs page, security headers and a request id', async () => {
    const doc = await fetch(`${app.url}/api/openapi.json`);
    const json = await doc.json();
    expect(json.openapi).toBe('3.1.0');
    expect(json.paths['/api/auth/login'].post.requestBody).toBeDefined();
    expect(Object.keys(json.paths['/api/attendance/class/{classId}/monthly.csv'].get.responses['200'].content)).toEqual(['text/csv']);
    expect(json.paths['/api/classes/{id}'].put.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    const page = await fetch(`${app.url}/api/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('/api/auth/login');
    expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('answers unknown API paths with the envelope and 404', async () => {
    const res = await fetch(`${app.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: 'Not found.' });
    // Security headers and the request id on every answer, errors included.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
