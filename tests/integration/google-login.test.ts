import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, TEST_PASSWORD, type Json } from '../helpers/fixtures.js';
import { startFakeOidcProvider, type FakeOidcProvider } from '../helpers/fake-oidc.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { churches, users } from '../../drizzle/schema/index.js';
import { MESSAGES } from '../../common/constants.js';

// Google sign-in and registration (OpenID Connect, authorization code with PKCE) through the real
// server and a local fake provider: the start call's cookie and address, the provider's redirect,
// then the completion call as the callback screen makes it.

const INVALID = { success: false, message: MESSAGES.invalidCredentials };
let google: FakeOidcProvider;
let app: TestApp;
let throttled: TestApp;
let unconfigured: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  [google, smtp] = await Promise.all([startFakeOidcProvider(), startSmtpServer()]);
  [app, throttled, unconfigured] = await Promise.all([
    startTestApp({ ...google.env, SMTP_URL: smtp.url, REGISTER_MAX_PER_IP: '1000', LOGIN_MAX_FAILURES_PER_IP: '1000', GOOGLE_START_MAX_PER_IP: '1000' }),
    startTestApp({ ...google.env, LOGIN_MAX_FAILURES_PER_ACCOUNT: '2', LOGIN_MAX_FAILURES_PER_IP: '1000', GOOGLE_START_MAX_PER_IP: '1000' }),
    startTestApp(),
  ]);
}, 180_000); // three servers at once: past 60 s when the whole suite loads the 2 cores
afterAll(async () => {
  await Promise.all([app?.close(), throttled?.close(), unconfigured?.close()]);
  await Promise.all([google?.close(), smtp?.close()]);
});

const subject = () => `1${randomBytes(10).readBigUInt64BE().toString().padStart(20, '0')}`;
const gmail = () => `member.${randomBytes(4).toString('hex')}@gmail.com`;
/** The Google Workspace account of an address on its own domain (the fixtures' users are on theirs). */
const workspaceAccount = (email: string, sub = subject()) => ({ sub, email, hd: email.split('@')[1] });

interface Authorized {
  cookie: string;
  setCookie: string;
  authorizationUrl: URL;
  code: string;
  state: string;
}

/** The browser's part: the start call, then the provider's redirect back with a code. */
async function authorize(body: Record<string, unknown>, url = app.url): Promise<Authorized> {
  const start = await api(url, 'POST', '/api/auth/google/start', { body });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const setCookie = start.headers.get('set-cookie') ?? '';
  const authorizationUrl = new URL(start.body.data.authorization_url);
  const redirect = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const back = new URL(redirect.headers.get('location')!);
  return {
    cookie: setCookie.split(';')[0],
    setCookie,
    authorizationUrl,
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
  };
}

const googleLogin = (churchCode: string, flow: Pick<Authorized, 'cookie' | 'code' | 'state'>, url = app.url) =>
  api(url, 'POST', '/api/auth/google-login', {
    body: { church_code: churchCode, token: flow.code, state: flow.state }, headers: { cookie: flow.cookie },
  });

/** Signs in with Google as `account` to the church `code`, the whole way. */
async function signInWithGoogle(code: string, account: Parameters<FakeOidcProvider['signInAs']>[0], url = app.url) {
  google.signInAs(account);
  return googleLogin(code, await authorize({ intent: 'login', church_code: code }, url), url);
}

/** A Gmail user of the church, with no password and no Google subject yet (made by an administrator). */
async function addGmailUser(churchId: string, role: 'teacher' | 'principal' = 'teacher', email = gmail()) {
  const [user] = await app.db.withTenant(churchId, (tx) => tx.insert(users).values({
    churchId, role, name: `Gmail ${role}`, email, passwordHash: null,
  }).returning());
  return user;
}

const subjectOf = async (churchId: string, userId: string) => (await app.db.withTenant(churchId, (tx) =>
  tx.select({ sub: users.googleSubject }).from(users).where(and(eq(users.churchId, churchId), eq(users.id, userId)))))[0].sub;

describe('the start call', () => {
  it('answers the provider address with PKCE (S256), a nonce, the scopes and the redirect URI, and sets the flow cookie', async () => {
    const { code } = await createChurch(app.db);
    const flow = await authorize({ intent: 'login', church_code: code.toLowerCase(), email: 'someone@gmail.com' });
    const query = google.lastAuthorization()!;
    expect(`${flow.authorizationUrl.origin}${flow.authorizationUrl.pathname}`).toBe(google.env.GOOGLE_AUTHORIZATION_URL);
    expect(query.get('client_id')).toBe(google.clientId);
    expect(query.get('redirect_uri')).toBe(`${app.config.PUBLIC_URL}/auth/google/callback`);
    expect(query.get('scope')).toBe('openid email profile');
    expect(query.get('response_type')).toBe('code');
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(query.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(query.get('login_hint')).toBe('someone@gmail.com');
    expect(flow.state).toMatch(/^[\w-]{43}$/);
    // Short-lived, unreadable by scripts, sent on the provider's redirect; not Secure over plain http.
    expect(flow.setCookie).toMatch(/^ss_google_flow=[\w-]+; Path=\/; Max-Age=600; HttpOnly; SameSite=Lax$/);
    // Nothing secret in the cookie travels to the provider: only the challenge of the verifier.
    const cookieValue: Json = JSON.parse(Buffer.from(flow.cookie.split('=')[1], 'base64url').toString());
    expect(cookieValue).toMatchObject({ state: flow.state, intent: 'login', church_code: code });
    expect(flow.authorizationUrl.toString()).not.toContain(cookieValue.verifier);
  });

  it('is limited per address: beyond the limit a 429 with Retry-After, and no flow cookie', async () => {
    const limited = await startTestApp({ ...google.env, GOOGLE_START_MAX_PER_IP: '3' });
    try {
      const starts = [];
      for (let i = 0; i < 4; i++) {
        starts.push(await api(limited.url, 'POST', '/api/auth/google/start', { body: { intent: 'register' } }));
      }
      expect(starts.slice(0, 3).map((s) => s.status)).toEqual([200, 200, 200]);
      expect(starts[3].status).toBe(429);
      expect(Number(starts[3].headers.get('retry-after'))).toBeGreaterThan(0);
      expect(starts[3].headers.get('set-cookie')).toBeNull();
    } finally {
      await limited.close();
    }
  });

  it('sign-in needs a church code; the intent must be login or register', async () => {
    const noCode = await api(app.url, 'POST', '/api/auth/google/start', { body: { intent: 'login' } });
    expect(noCode).toMatchObject({ status: 400, body: { success: false, message: 'Church code is required' } });
    expect((await api(app.url, 'POST', '/api/auth/google/start', { body: { intent: 'other' } })).status).toBe(400);
  });
});

describe('Google sign-in', () => {
  it('answers exactly as password sign-in (token, user, church), and the session works', async () => {
    const { church, code, users: people } = await createChurch(app.db);
    const byPassword = await api(app.url, 'POST', '/api/auth/login', {
      body: { church_code: code, email: people.principal.email, password: TEST_PASSWORD },
    });
    const byGoogle = await signInWithGoogle(code, workspaceAccount(people.principal.email));
    expect(byGoogle.status).toBe(200);
    expect(Object.keys(byGoogle.body).sort()).toEqual(Object.keys(byPassword.body).sort());
    expect(Object.keys(byGoogle.body.data).sort()).toEqual(Object.keys(byPassword.body.data).sort());
    expect(byGoogle.body.data.kind).toBe('church');
    expect(byGoogle.body.data.user).toEqual(byPassword.body.data.user);
    expect(byGoogle.body.data.church).toEqual(byPassword.body.data.church);
    expect(byGoogle.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(byGoogle.body.data.token).not.toBe(byPassword.body.data.token);
    // The flow is spent: its cookie is cleared by the answer.
    expect(byGoogle.headers.get('set-cookie')).toMatch(/^ss_google_flow=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);

    const verify = await api(app.url, 'GET', '/api/auth/verify', { token: byGoogle.body.data.token, code });
    expect(verify.status).toBe(200);
    expect(verify.body.data.user).toMatchObject({ id: people.principal.id, role: 'principal' });
    expect(verify.body.data.church.id).toBe(church.id);
  });

  it('signs a Gmail user in (the consumer-mail rule sends them here) and keeps them out of password sign-in', async () => {
    const { church, code } = await createChurch(app.db);
    const user = await addGmailUser(church.id);
    const res = await signInWithGoogle(code, { sub: subject(), email: user.email.toUpperCase(), name: 'Any Name' });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: user.id, email: user.email, role: 'teacher' });
    const password = await api(app.url, 'POST', '/api/auth/login', { body: { church_code: code, email: user.email, password: 'whatever' } });
    expect(password.body).toMatchObject({ message: MESSAGES.useGoogleSignIn, reason: 'use_google' });
  });

  it.each([
    ['a wrong audience', { claims: { aud: 'another-client.apps.googleusercontent.com' } }],
    ['an expired token', { claims: { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 } }],
    ['a nonce of another flow', { claims: { nonce: 'not-the-flows-nonce' } }],
    ['another issuer', { claims: { iss: 'https://issuer.example.org' } }],
    ['a signature by a key the provider does not publish', { foreignKey: true }],
  ])('refuses %s: 401, no session, nobody linked', async (_what, tampering) => {
    const { church, code, users: people } = await createChurch(app.db);
    google.signInAs({ sub: subject(), email: people.teacher.email });
    const flow = await authorize({ intent: 'login', church_code: code });
    google.tamperNext(tampering);
    const res = await googleLogin(code, flow);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: MESSAGES.googleTokenInvalid, reason: 'google_token' });
    expect(await subjectOf(church.id, people.teacher.id)).toBeNull();
  });

  it('refuses an address the provider has not verified', async () => {
    const { church, code, users: people } = await createChurch(app.db);
    const res = await signInWithGoogle(code, { sub: subject(), email: people.teacher.email, email_verified: false });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: MESSAGES.googleEmailUnverified, reason: 'google_email_unverified' });
    expect(await subjectOf(church.id, people.teacher.id)).toBeNull();
  });

  it('takes a code once: a replayed completion and a replayed code in a new flow are refused', async () => {
    const { code, users: people } = await createChurch(app.db);
    google.signInAs(workspaceAccount(people.teacher.email));
    const flow = await authorize({ intent: 'login', church_code: code });
    expect((await googleLogin(code, flow)).status).toBe(200);
    // The same cookie, state and code again (a copied request): the flow is spent.
    const replay = await googleLogin(code, flow);
    expect(replay).toMatchObject({ status: 400, body: { message: MESSAGES.googleLoginFailed, reason: 'google_state' } });
    // The old code in a fresh flow: the provider has used it (and its PKCE challenge is another).
    const fresh = await authorize({ intent: 'login', church_code: code });
    const reused = await googleLogin(code, { ...fresh, code: flow.code });
    expect(reused).toMatchObject({ status: 401, body: { message: MESSAGES.googleLoginFailed, reason: 'google_code' } });
  });

  it('refuses a state that is not this browser\'s flow: another state, no cookie, another church code, a registration flow', async () => {
    const { code, users: people } = await createChurch(app.db);
    const other = await createChurch(app.db);
    google.signInAs({ sub: subject(), email: people.teacher.email });
    const refusals = [
      { churchCode: code, flow: { ...await authorize({ intent: 'login', church_code: code }), state: 'a-forged-state' } },
      { churchCode: code, flow: { ...await authorize({ intent: 'login', church_code: code }), cookie: '' } },
      { churchCode: other.code, flow: await authorize({ intent: 'login', church_code: code }) },
      { churchCode: code, flow: await authorize({ intent: 'register' }) },
    ];
    for (const { churchCode, flow } of refusals) {
      const res = await googleLogin(churchCode, flow);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: MESSAGES.googleLoginFailed, reason: 'google_state' });
    }
  });

  it('gives a Google account of another church\'s user the same answer as a wrong password', async () => {
    const home = await createChurch(app.db);
    const elsewhere = await createChurch(app.db);
    const user = await addGmailUser(home.church.id);
    const account = { sub: subject(), email: user.email };
    expect((await signInWithGoogle(home.code, account)).status).toBe(200);

    const wrongPassword = await api(app.url, 'POST', '/api/auth/login', {
      body: { church_code: elsewhere.code, email: elsewhere.users.teacher.email, password: 'wrong-password' },
    });
    const res = await signInWithGoogle(elsewhere.code, account);
    expect(res.status).toBe(wrongPassword.status);
    expect(res.body).toEqual(wrongPassword.body);
    expect(res.body).toEqual(INVALID);
    // An unknown church code: the same again.
    expect((await signInWithGoogle('ZZZZZ9', account)).body).toEqual(INVALID);
  });

  it('links a user by verified address once, then finds them by subject only', async () => {
    const { church, code, users: people } = await createChurch(app.db);
    const sub = subject();
    const first = await signInWithGoogle(code, workspaceAccount(people.principal.email, sub));
    expect(first.body.data.user.id).toBe(people.principal.id);
    expect(await subjectOf(church.id, people.principal.id)).toBe(sub);

    // The address changed at Google: the same Google account still signs in as the same user.
    const changed = await signInWithGoogle(code, { sub, email: `renamed.${randomBytes(3).toString('hex')}@example.org` });
    expect(changed.status).toBe(200);
    expect(changed.body.data.user).toMatchObject({ id: people.principal.id, email: people.principal.email });

    // Another Google account that now has the principal's address is not the principal.
    const takeover = await signInWithGoogle(code, workspaceAccount(people.principal.email));
    expect(takeover.body).toEqual(INVALID);
    expect(await subjectOf(church.id, people.principal.id)).toBe(sub);

    // Password sign-in of a linked user goes on working.
    const password = await api(app.url, 'POST', '/api/auth/login', { body: { church_code: code, email: people.principal.email, password: TEST_PASSWORD } });
    expect(password.status).toBe(200);
  });

  it('links a password account only where Google is the authority for its address, and tells its user by mail', async () => {
    const { church, code, users: people } = await createChurch(app.db);
    const { principal, teacher } = people;
    const domain = principal.email.split('@')[1];
    // A verified address on a domain Google does not run, or of another Workspace domain: refused.
    for (const account of [{ email: principal.email }, { email: principal.email, hd: 'another-school.test' }]) {
      const refused = await signInWithGoogle(code, { sub: subject(), ...account });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ success: false, message: MESSAGES.googleLinkRefused, reason: 'google_link_refused' });
      expect(await subjectOf(church.id, principal.id)).toBeNull();
    }
    // The Workspace domain of the address: linked, and the user is told.
    const sub = subject();
    const linked = await signInWithGoogle(code, { sub, email: principal.email, hd: domain.toUpperCase() });
    expect(linked.status).toBe(200);
    expect(await subjectOf(church.id, principal.id)).toBe(sub);
    const notice = await smtp.waitFor((m) => m.to.includes(principal.email));
    expect(notice.subject).toContain('Google sign-in added');
    expect(notice.text).toContain(`church code ${code}`);
    expect(notice.text).toContain(`Google account ${principal.email}`);

    // A Gmail address with a password: Google is its mail provider, so it links without hd.
    const gmailUser = await addGmailUser(church.id);
    await app.db.withTenant(church.id, (tx) => tx.update(users).set({ passwordHash: teacher.passwordHash })
      .where(and(eq(users.churchId, church.id), eq(users.id, gmailUser.id))));
    expect((await signInWithGoogle(code, { sub: subject(), email: gmailUser.email })).status).toBe(200);
    expect((await smtp.waitFor((m) => m.to.includes(gmailUser.email))).subject).toContain('Google sign-in added');
    // Signing in again with the linked account sends nothing more.
    const before = smtp.to(principal.email).length;
    expect((await signInWithGoogle(code, { sub, email: principal.email })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(principal.email)).toHaveLength(before);
  });

  it('refuses a deactivated user as password sign-in does', async () => {
    const { church, code } = await createChurch(app.db);
    const user = await addGmailUser(church.id);
    await app.db.withTenant(church.id, (tx) => tx.update(users).set({ isActive: false }).where(eq(users.id, user.id)));
    const res = await signInWithGoogle(code, { sub: subject(), email: user.email });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: MESSAGES.accountInactive, reason: 'account_inactive' });
  });

  it('goes through the sign-in throttle: a locked account is locked for Google too, and unknown accounts count as failures', async () => {
    const { code, users: people } = await createChurch(throttled.db);
    for (let i = 0; i < 2; i++) {
      const wrong = await api(throttled.url, 'POST', '/api/auth/login', { body: { church_code: code, email: people.teacher.email, password: 'wrong-password' } });
      expect(wrong.status).toBe(401);
    }
    const locked = await signInWithGoogle(code, { sub: subject(), email: people.teacher.email }, throttled.url);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);

    const stranger = { sub: subject(), email: gmail() };
    expect((await signInWithGoogle(code, stranger, throttled.url)).status).toBe(401);
    expect((await signInWithGoogle(code, stranger, throttled.url)).status).toBe(401);
    expect((await signInWithGoogle(code, stranger, throttled.url)).status).toBe(429);
  });
});

describe('Google registration', () => {
  let counter = 0;
  const details = (tier: 'free' | 'basic' = 'free') => ({
    name: `Google Church ${Date.now().toString(36)}${++counter}`, pincode: '682001', subscription_tier: tier,
    ...(tier === 'free' ? {} : { subscription_plan: tier }),
  });
  const registerWithGoogle = (body: Record<string, unknown>, flow: Authorized, url = app.url) =>
    api(url, 'POST', '/api/churches/register', {
      body: { ...body, auth_provider: 'google', google_token: flow.code, state: flow.state }, headers: { cookie: flow.cookie },
    });

  it('free: the code is answered; the super admin is the Google account (a Gmail address), with no password, and signs in with Google', async () => {
    const account = { sub: subject(), email: gmail(), name: 'Grace Founder' };
    google.signInAs(account);
    const body = { ...details(), admin_name: 'Typed Name' };
    const res = await registerWithGoogle(body, await authorize({ intent: 'register' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Church registered successfully! Your 30-day free trial has started.');
    const { church } = res.body.data;
    expect(church.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6}$/);
    expect(res.body.data).not.toHaveProperty('payment_token');

    const [admin] = await app.db.withTenant(church.id, (tx) => tx.select().from(users));
    expect(admin).toMatchObject({
      role: 'super_admin', email: account.email, name: 'Grace Founder', googleSubject: account.sub, passwordHash: null, isChurchOwner: true,
    });
    const [row] = await app.db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.id, church.id)));
    expect(row.ownerEmail).toBe(account.email);

    const signIn = await signInWithGoogle(church.code, account);
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.user).toMatchObject({ id: admin.id, role: 'super_admin' });
    expect(signIn.body.data.church).toMatchObject({ code: church.code, subscription: { valid: true } });
  });

  it('uses the typed admin name when the Google account has none', async () => {
    google.signInAs({ sub: subject(), email: gmail() });
    const res = await registerWithGoogle({ ...details(), admin_name: 'Typed Name' }, await authorize({ intent: 'register' }));
    const [admin] = await app.db.withTenant(res.body.data.church.id, (tx) => tx.select().from(users));
    expect(admin.name).toBe('Typed Name');
  });

  it('paid: pending payment with the payment token, as a local registration', async () => {
    google.signInAs({ sub: subject(), email: gmail(), name: 'Paying Founder' });
    const res = await registerWithGoogle(details('basic'), await authorize({ intent: 'register' }));
    expect(res.status).toBe(200);
    expect(res.body.data.church).toMatchObject({ subscription_tier: 'basic', subscription_status: 'pending_payment' });
    expect(res.body.data.payment_token).toEqual(expect.any(String));
  });

  it('writes nothing for a refused flow: a sign-in flow, a forged state, a replayed code', async () => {
    google.signInAs({ sub: subject(), email: gmail() });
    const { code } = await createChurch(app.db);
    const attempts: Array<[Record<string, unknown>, Authorized, number]> = [
      [details(), await authorize({ intent: 'login', church_code: code }), 400],
      [details(), { ...await authorize({ intent: 'register' }), state: 'forged' }, 400],
    ];
    const used = await authorize({ intent: 'register' });
    expect((await registerWithGoogle(details(), used)).status).toBe(200);
    attempts.push([details(), { ...await authorize({ intent: 'register' }), code: used.code }, 401]);
    for (const [body, flow, status] of attempts) {
      const res = await registerWithGoogle(body, flow);
      expect(res.status).toBe(status);
      expect(await app.db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.name, String(body.name))))).toHaveLength(0);
    }
  });
});

describe('without a Google client id and secret', () => {
  it('says that an administrator must configure it, on start, sign-in and registration, and writes nothing', async () => {
    const expected = { success: false, message: MESSAGES.googleNotConfigured, reason: 'google_not_configured' };
    const start = await api(unconfigured.url, 'POST', '/api/auth/google/start', { body: { intent: 'login', church_code: 'DEMO01' } });
    expect(start.status).toBe(503);
    expect(start.body).toEqual(expected);
    expect(start.headers.get('set-cookie')).toBeNull();
    const login = await api(unconfigured.url, 'POST', '/api/auth/google-login', { body: { church_code: 'DEMO01', token: 'a-code', state: 'a-state' } });
    expect(login).toMatchObject({ status: 503, body: expected });
    const name = `Unconfigured ${Date.now()}`;
    const register = await api(unconfigured.url, 'POST', '/api/churches/register', {
      body: { name, pincode: '682001', subscription_tier: 'free', auth_provider: 'google', google_token: 'a-code', state: 'a-state' },
    });
    expect(register).toMatchObject({ status: 503, body: expected });
    expect(await unconfigured.db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.name, name)))).toHaveLength(0);
  });
});
