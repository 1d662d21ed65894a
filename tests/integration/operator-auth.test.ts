import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSessions, platformOperators } from '../../drizzle/schema/index.js';
import { OPERATOR_MESSAGES } from '../../common/constants.js';
import { createOperator, ensurePlatformAdmin } from '../../server/modules/operators/index.js';
import { hashPassword, hashToken } from '../../server/modules/credentials/index.js';
import { backend, startTestApp, TEST_SECRET_KEYS, testSeedKey, type TestApp } from '../helpers/app.js';
import { api, createChurch, OPERATOR_TEST_PASSWORD as PASSWORD, signInNewOperator } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';
import { totpCode } from '../helpers/totp.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' }); });
afterAll(async () => { await app?.close(); });

const newAddress = () => `ops-${randomBytes(4).toString('hex')}@platform.test`;
async function newOperator() {
  const email = newAddress();
  return { email, ...await createOperator(app.db, testSeedKey(), email, PASSWORD) };
}
const login = (email: string, password = PASSWORD, base = app.url) => api(base, 'POST', '/api/admin/auth/login', { body: { email, password } });
const secondFactor = (challenge: string, code: string, session?: 'token' | 'cookie', base = app.url) =>
  api(base, 'POST', '/api/admin/auth/second-factor', { body: { challenge, code, ...(session ? { session } : {}) } });
/** Both steps with a right code: the bearer token. */
async function bearerOf(operator: { email: string; secret: string }) {
  const challenge = (await login(operator.email)).body.data.challenge as string;
  return (await secondFactor(challenge, totpCode(operator.secret))).body.data.token as string;
}
const trpcQuery = (procedure: string, headers: Record<string, string>, prefix = '/trpc') =>
  fetch(`${app.url}${prefix}/${procedure}`, { headers }).then(async (r) => ({ status: r.status, body: await r.json() }));
const sessionRow = (token: string) => app.db.withPlatform(async (tx) =>
  (await tx.select().from(operatorSessions).where(eq(operatorSessions.tokenHash, hashToken(token))))[0]);

describe('operator sign-in: password, then the second factor', () => {
  it('the password alone opens no session; a code from the authenticator does; logout ends it', async () => {
    const operator = await newOperator();
    const first = await login(operator.email.toUpperCase());
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ second_factor: 'totp', enrolment: null });
    expect(first.body.data.token).toBeUndefined();
    expect((await api(app.url, 'GET', '/api/admin/verify', { token: first.body.data.challenge })).status).toBe(401);

    const done = await secondFactor(first.body.data.challenge, totpCode(operator.secret));
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ admin: { email: operator.email, role: 'platform_admin' }, recovery_codes: null, csrf_token: null });
    const { token } = done.body.data;
    const verify = await api(app.url, 'GET', '/api/admin/verify', { token });
    expect([verify.status, verify.body.data.admin.email]).toEqual([200, operator.email]);
    expect((await trpcQuery('operatorAuth.verify', { authorization: `Bearer ${token}` })).status).toBe(200);
    // A challenge is used once.
    expect((await secondFactor(first.body.data.challenge, totpCode(operator.secret))).body.message).toBe(OPERATOR_MESSAGES.challengeExpired);

    expect((await api(app.url, 'POST', '/api/admin/auth/logout', { token })).status).toBe(200);
    const after = await api(app.url, 'GET', '/api/admin/verify', { token });
    expect([after.status, after.body.message]).toEqual([401, OPERATOR_MESSAGES.sessionExpired]);
  });

  it('gives one answer to a wrong password and an unknown address, then locks with 429', async () => {
    const { email } = await newOperator();
    const wrong = await login(email, 'not-the-password');
    const unknown = await login('nobody@platform.test');
    expect([wrong.status, wrong.body.message]).toEqual([401, OPERATOR_MESSAGES.invalidCredentials]);
    expect([unknown.status, unknown.body.message]).toEqual([401, OPERATOR_MESSAGES.invalidCredentials]);
    await login(email, 'wrong-2');
    await login(email, 'wrong-3');
    const locked = await login(email);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('counts wrong codes against the operator\'s sign-in limit: guessing codes locks like guessing passwords', async () => {
    const operator = await newOperator();
    const { challenge } = (await login(operator.email)).body.data;
    const right = totpCode(operator.secret);
    const wrongCode = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const first = await secondFactor(challenge, wrongCode);
    expect([first.status, first.body.message]).toEqual([401, OPERATOR_MESSAGES.invalidCode]);
    expect((await secondFactor(challenge, 'AAAAA-BBBBB')).status).toBe(401); // a wrong recovery code counts too
    // The password and two wrong codes reached the limit of 3: even the right code is refused now,
    // and so is the password.
    const locked = await secondFactor(challenge, right);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await login(operator.email)).status).toBe(429);
    expect(await app.db.withPlatform(async (tx) => (await tx.select().from(operatorSessions)
      .innerJoin(platformOperators, eq(platformOperators.id, operatorSessions.operatorId))
      .where(eq(platformOperators.email, operator.email))).length)).toBe(0);
  });

  it('a right password does not reset the count that wrong codes add to', async () => {
    const operator = await newOperator();
    const wrongCode = String((Number(totpCode(operator.secret)) + 1) % 1_000_000).padStart(6, '0');
    const one = await login(operator.email);
    expect((await secondFactor(one.body.data.challenge, wrongCode)).status).toBe(401);
    const two = await login(operator.email); // the third attempt: the limit is reached, not reset
    expect(two.status).toBe(200);
    expect((await secondFactor(two.body.data.challenge, totpCode(operator.secret))).status).toBe(429);
  });

  it('refuses a replayed code: the same time step works once', async () => {
    const operator = await newOperator();
    const code = totpCode(operator.secret);
    const first = await login(operator.email);
    expect((await secondFactor(first.body.data.challenge, code)).status).toBe(200);
    const again = await login(operator.email);
    const replay = await secondFactor(again.body.data.challenge, code);
    expect([replay.status, replay.body.message]).toEqual([401, OPERATOR_MESSAGES.invalidCode]);
  });

  it('takes each recovery code once, in place of a code', async () => {
    const operator = await newOperator();
    expect(operator.recoveryCodes).toHaveLength(10);
    const [code, other] = operator.recoveryCodes;
    const first = await login(operator.email);
    const used = await secondFactor(first.body.data.challenge, code.toLowerCase().replace('-', ' '));
    expect(used.status).toBe(200);
    expect((await api(app.url, 'GET', '/api/admin/verify', { token: used.body.data.token })).status).toBe(200);
    const second = await login(operator.email);
    expect((await secondFactor(second.body.data.challenge, code)).status).toBe(401);
    expect((await secondFactor(second.body.data.challenge, other)).status).toBe(200);
  });

  it('enrols an operator without a second factor at sign-in: secret and URI, confirmed by a first code, then recovery codes once', async () => {
    const email = newAddress();
    await app.db.withPlatform(async (tx) => tx.insert(platformOperators).values({ email, name: 'Bootstrap', passwordHash: await hashPassword(PASSWORD) }));
    const first = await login(email);
    expect(first.body.data.second_factor).toBe('enrol');
    const { secret, otpauth_uri: uri } = first.body.data.enrolment;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Sunday%20School%20Admin:${encodeURIComponent(email)}?issuer=Sunday%20School%20Admin&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    // Nothing is enrolled until a code confirms it; a wrong one confirms nothing.
    const wrongCode = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await secondFactor(first.body.data.challenge, wrongCode)).status).toBe(401);
    const done = await secondFactor(first.body.data.challenge, totpCode(secret));
    expect(done.status).toBe(200);
    expect(done.body.data.recovery_codes).toHaveLength(10);
    expect(new Set(done.body.data.recovery_codes).size).toBe(10);
    for (const code of done.body.data.recovery_codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);

    const next = await login(email);
    expect(next.body.data).toMatchObject({ second_factor: 'totp', enrolment: null });
    const withRecovery = await secondFactor(next.body.data.challenge, done.body.data.recovery_codes[3]);
    expect([withRecovery.status, withRecovery.body.data.recovery_codes]).toEqual([200, null]);
  });

  // On the shared PostgreSQL database other tests' operators exist, and the start creates none then.
  it.skipIf(backend === 'postgres')('leaves the start-time operator (PLATFORM_ADMIN_*) to enrol at its first sign-in', async () => {
    const fresh = await startTestApp();
    try {
      expect(await ensurePlatformAdmin(fresh.db, 'Boot@Platform.test', PASSWORD)).toBe(true);
      expect(await ensurePlatformAdmin(fresh.db, 'other@platform.test', PASSWORD)).toBe(false);
      const first = await login('boot@platform.test', PASSWORD, fresh.url);
      expect(first.body.data.second_factor).toBe('enrol');
      const done = await secondFactor(first.body.data.challenge, totpCode(first.body.data.enrolment.secret), 'token', fresh.url);
      expect([done.status, done.body.data.recovery_codes.length]).toEqual([200, 10]);
    } finally {
      await fresh.close();
    }
  });

  it('refuses bad input to the second step with 400, and an unknown challenge with 401', async () => {
    const bad = await api(app.url, 'POST', '/api/admin/auth/second-factor', { body: { challenge: 'x', code: '' } });
    expect(bad.status).toBe(400);
    expect((await api(app.url, 'POST', '/api/admin/auth/second-factor', { body: { challenge: 'x', code: '123456', session: 'jar' } })).status).toBe(400);
    const unknown = await secondFactor(randomBytes(32).toString('base64url'), '123456');
    expect([unknown.status, unknown.body.message]).toEqual([401, OPERATOR_MESSAGES.challengeExpired]);
  });
});

describe('operator sessions: 30 minutes idle, 12 hours at most', () => {
  it('expires 30 minutes after the last request, and slides on use but never past 12 hours after sign-in', async () => {
    const token = await bearerOf(await newOperator());
    const row = await sessionRow(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 60_000);

    // Used ten minutes ago, signed in 11 h 50 min ago: a request slides the expiry to the 12 hours.
    const createdAt = new Date(Date.now() - (11 * 60 + 50) * 60_000);
    await app.db.withPlatform((tx) => tx.update(operatorSessions).set({ createdAt, lastSeenAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(operatorSessions.id, row.id)));
    expect((await api(app.url, 'GET', '/api/admin/verify', { token })).status).toBe(200);
    expect((await sessionRow(token)).expiresAt.getTime()).toBe(createdAt.getTime() + 12 * 3_600_000);

    // Past the absolute age: refused, however recent the last request.
    await app.db.withPlatform((tx) => tx.update(operatorSessions).set({ createdAt: new Date(Date.now() - 12 * 3_600_000 - 1000) })
      .where(eq(operatorSessions.id, row.id)));
    expect((await api(app.url, 'GET', '/api/admin/verify', { token })).status).toBe(401);
  });

  it('refuses a session idle for longer than its idle time', async () => {
    const token = await bearerOf(await newOperator());
    const row = await sessionRow(token);
    await app.db.withPlatform((tx) => tx.update(operatorSessions).set({
      lastSeenAt: new Date(Date.now() - 31 * 60_000), expiresAt: new Date(Date.now() - 60_000),
    }).where(eq(operatorSessions.id, row.id)));
    const res = await api(app.url, 'GET', '/api/admin/verify', { token });
    expect([res.status, res.body.message]).toEqual([401, OPERATOR_MESSAGES.sessionExpired]);
  });

  it('takes both times from the configuration', async () => {
    const short = await startTestApp({ OPERATOR_SESSION_IDLE_MINUTES: '5', OPERATOR_SESSION_MAX_HOURS: '1' });
    try {
      const { token } = await signInNewOperator(short.db, short.url);
      const [row] = await short.db.withPlatform((tx) => tx.select().from(operatorSessions).where(eq(operatorSessions.tokenHash, hashToken(token))));
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(5 * 60_000);
      await short.db.withPlatform((tx) => tx.update(operatorSessions).set({ createdAt: new Date(Date.now() - 3_600_000 - 1000) })
        .where(eq(operatorSessions.id, row.id)));
      expect((await api(short.url, 'GET', '/api/admin/verify', { token })).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});

/** The cookie of a Set-Cookie header as a Cookie header sends it back. */
const cookiePair = (setCookie: string) => setCookie.split(';')[0];

async function cookieSignIn(base = app.url, db = app.db) {
  const email = newAddress();
  const { secret } = await createOperator(db, testSeedKey(), email, PASSWORD);
  const challenge = (await login(email, PASSWORD, base)).body.data.challenge as string;
  const done = await secondFactor(challenge, totpCode(secret), 'cookie', base);
  return { done, setCookie: done.headers.get('set-cookie') ?? '' };
}

describe('the console\'s cookie session', () => {
  it('is an HttpOnly, SameSite=Strict cookie for /api/admin only, with a CSRF token and no bearer token in the answer', async () => {
    const { done, setCookie } = await cookieSignIn();
    expect(done.status).toBe(200);
    expect(done.body.data.token).toBeNull();
    expect(done.body.data.csrf_token).toMatch(/^[\w-]{43}$/);
    const attributes = setCookie.split(';').map((part) => part.trim());
    expect(attributes[0]).toMatch(/^ss_operator=[\w-]{43}$/);
    expect(attributes.slice(1)).toEqual(['Path=/api/admin', `Max-Age=${12 * 3600}`, 'HttpOnly', 'SameSite=Strict']);

    const cookie = cookiePair(setCookie);
    const rest = await api(app.url, 'GET', '/api/admin/verify', { headers: { cookie } });
    expect([rest.status, rest.body.data.csrf_token]).toEqual([200, done.body.data.csrf_token]);
    const viaConsoleTrpc = await trpcQuery('operatorAuth.verify', { cookie }, '/api/admin/trpc');
    expect(viaConsoleTrpc.status).toBe(200);
    expect(viaConsoleTrpc.body.result.data.csrf_token).toBe(done.body.data.csrf_token);
  });

  it('tells the console at load who is signed in by its cookie, or nobody, without a 401', async () => {
    const nobody = await trpcQuery('operatorAuth.session', {}, '/api/admin/trpc');
    expect([nobody.status, nobody.body.result.data]).toEqual([200, { admin: null, csrf_token: null }]);
    const { done, setCookie } = await cookieSignIn();
    const cookie = cookiePair(setCookie);
    const someone = await trpcQuery('operatorAuth.session', { cookie }, '/api/admin/trpc');
    expect(someone.body.result.data).toEqual({ admin: done.body.data.admin, csrf_token: done.body.data.csrf_token });
    await api(app.url, 'POST', '/api/admin/auth/logout', { headers: { cookie, 'x-csrf-token': done.body.data.csrf_token } });
    const stale = await fetch(`${app.url}/api/admin/trpc/operatorAuth.session`, { headers: { cookie } });
    expect(((await stale.json()) as { result: { data: unknown } }).result.data).toEqual({ admin: null, csrf_token: null });
    expect(stale.headers.get('set-cookie')).toBe('ss_operator=; Path=/api/admin; Max-Age=0; HttpOnly; SameSite=Strict');
  });

  it('is Secure, and named __Secure-, when the app is served over https', async () => {
    const secure = await startTestApp({ PUBLIC_URL: 'https://console.example.org' });
    try {
      const { setCookie } = await cookieSignIn(secure.url, secure.db);
      expect(setCookie).toMatch(/^__Secure-ss_operator=[\w-]{43}; Path=\/api\/admin; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$/);
      expect((await api(secure.url, 'GET', '/api/admin/verify', { headers: { cookie: cookiePair(setCookie) } })).status).toBe(200);
      // The plain name is not read there: a cookie planted over http opens nothing.
      const plain = cookiePair(setCookie).replace('__Secure-', '');
      expect((await api(secure.url, 'GET', '/api/admin/verify', { headers: { cookie: plain } })).status).toBe(401);
    } finally {
      await secure.close();
    }
  });

  it('refuses a change made with the cookie but without its CSRF token (403), on REST and tRPC; with it, logout ends the session and clears the cookie', async () => {
    const { done, setCookie } = await cookieSignIn();
    const cookie = cookiePair(setCookie);
    const csrf = done.body.data.csrf_token as string;
    const missing = await api(app.url, 'POST', '/api/admin/auth/logout', { headers: { cookie } });
    expect([missing.status, missing.body.message]).toEqual([403, OPERATOR_MESSAGES.csrfRefused]);
    const wrong = await api(app.url, 'POST', '/api/admin/auth/logout', { headers: { cookie, 'x-csrf-token': csrf.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) } });
    expect(wrong.status).toBe(403);
    const viaTrpc = await fetch(`${app.url}/api/admin/trpc/admin.users.delete`, {
      method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ id: randomUUID() }),
    });
    expect(viaTrpc.status).toBe(403);
    const viaRestDelete = await api(app.url, 'DELETE', `/api/admin/users/${randomUUID()}`, { headers: { cookie } });
    expect(viaRestDelete.status).toBe(403);
    // Reads need no token; the session is untouched by the refusals.
    expect((await api(app.url, 'GET', '/api/admin/verify', { headers: { cookie } })).status).toBe(200);

    const out = await api(app.url, 'POST', '/api/admin/auth/logout', { headers: { cookie, 'x-csrf-token': csrf } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toBe('ss_operator=; Path=/api/admin; Max-Age=0; HttpOnly; SameSite=Strict');
    expect((await api(app.url, 'GET', '/api/admin/verify', { headers: { cookie } })).status).toBe(401);
  });

  it('leaves bearer scripts as they were: no CSRF token asked of a bearer token', async () => {
    const { token } = await signInNewOperator(app.db, app.url);
    const deleted = await api(app.url, 'DELETE', `/api/admin/users/${randomUUID()}`, { token });
    expect(deleted.status).toBe(404);
    expect((await api(app.url, 'POST', '/api/admin/auth/logout', { token })).status).toBe(200);
  });
});

describe('the documented /admin/... paths', () => {
  it('answer API calls as /api/admin/... does, and give a page load the console page instead', async () => {
    const { token } = await signInNewOperator(app.db, app.url);
    const viaAlias = await fetch(`${app.url}/admin/verify`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    expect(viaAlias.status).toBe(200);
    expect(viaAlias.headers.get('cache-control')).toBe('no-store');
    expect(((await viaAlias.json()) as { data: { admin: { role: string } } }).data.admin.role).toBe('platform_admin');
    const aliasLogin = await fetch(`${app.url}/admin/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@platform.test', password: 'x' }),
    });
    expect(aliasLogin.status).toBe(401);
    const pageLoad = await fetch(`${app.url}/admin/verify`, { headers: { authorization: `Bearer ${token}`, accept: 'text/html,application/xhtml+xml' } });
    expect(await pageLoad.text()).not.toContain('platform_admin');
  });
});

describe('church and operator sessions are separate', () => {
  it('a church user\'s token opens no operator path, over REST and tRPC', async () => {
    const church = await createChurch(app.db);
    const session = await signIn(app.url, church.code, church.users.super_admin.email);
    const res = await session.get('/api/admin/verify');
    expect(res.status).toBe(401);
    const viaTrpc = await trpcQuery('operatorAuth.verify', session.headers);
    expect(viaTrpc.status).toBe(401);
    expect((await trpcQuery('operatorAuth.verify', { cookie: `ss_operator=${session.token}` }, '/api/admin/trpc')).status).toBe(401);
  });

  it('an operator\'s token or cookie opens no church path, over REST and tRPC, whatever church code it names', async () => {
    const church = await createChurch(app.db);
    const { token } = await signInNewOperator(app.db, app.url);
    const cookie = cookiePair((await cookieSignIn()).setCookie);
    for (const path of ['/api/auth/verify', '/api/classes', '/api/gallery', '/api/users']) {
      expect((await api(app.url, 'GET', path, { token, code: church.code })).status, path).toBe(401);
      expect((await api(app.url, 'GET', path, { code: church.code, headers: { cookie } })).status, path).toBe(401);
    }
    const viaTrpc = await trpcQuery('auth.verify', { authorization: `Bearer ${token}`, 'x-church-code': church.code });
    expect(viaTrpc.status).toBe(401);
    expect((await trpcQuery('auth.verify', { cookie, 'x-church-code': church.code })).status).toBe(401);
    // The console's endpoint serves the console's procedures only.
    expect((await trpcQuery('auth.verify', { cookie, 'x-church-code': church.code }, '/api/admin/trpc')).status).toBe(404);
  });
});

describe('npm run admin:create', () => {
  it.skipIf(backend !== 'postgres')('creates the operator enrolled and prints a secret, URI and recovery codes that sign in', async () => {
    const email = newAddress();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', '--email', email, '--password', PASSWORD], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: process.env.DATABASE_URL!, NODE_ENV: 'test', ...TEST_SECRET_KEYS },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    const [code] = await once(child, 'exit') as [number | null];
    expect(code, output).toBe(0);
    const secret = /TOTP secret: ([A-Z2-7]+)/.exec(output)?.[1];
    expect(output).toContain(`otpauth URI: otpauth://totp/Sunday%20School%20Admin:${encodeURIComponent(email)}?issuer=Sunday%20School%20Admin&secret=${secret}`);
    const recovery = [...output.matchAll(/^ {2}([A-Z2-9]{5}-[A-Z2-9]{5})$/gm)].map((m) => m[1]);
    expect(recovery).toHaveLength(10);

    const first = await login(email);
    expect(first.body.data.second_factor).toBe('totp');
    expect((await secondFactor(first.body.data.challenge, totpCode(secret!))).status).toBe(200);
    const second = await login(email);
    expect((await secondFactor(second.body.data.challenge, recovery[0])).status).toBe(200);
  });
});
