import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSessions } from '../../drizzle/schema/index.js';
import { OPERATOR_MESSAGES } from '../../common/constants.js';
import { createOperator } from '../../server/modules/operators/index.js';
import { hashToken } from '../../server/modules/auth/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, signIn } from '../helpers/fixtures.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' }); });
afterAll(async () => { await app?.close(); });

const PASSWORD = 'operator-password-1';
async function newOperator() {
  const email = `ops-${randomBytes(4).toString('hex')}@platform.test`;
  await createOperator(app.db, email, PASSWORD);
  return email;
}
const login = (email: string, password = PASSWORD) => api(app.url, 'POST', '/api/admin/auth/login', { body: { email, password } });
const trpcQuery = (procedure: string, headers: Record<string, string>) =>
  fetch(`${app.url}/trpc/${procedure}`, { headers }).then(async (r) => ({ status: r.status, body: await r.json() }));

describe('operator sign-in', () => {
  it('answers a token and the admin; the token verifies; logout ends it', async () => {
    const email = await newOperator();
    const res = await login(email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.data.admin).toMatchObject({ email, role: 'platform_admin' });
    const { token } = res.body.data;
    const verify = await api(app.url, 'GET', '/api/admin/verify', { token });
    expect([verify.status, verify.body.data.admin.email]).toEqual([200, email]);
    expect((await trpcQuery('operatorAuth.verify', { authorization: `Bearer ${token}` })).status).toBe(200);

    expect((await api(app.url, 'POST', '/api/admin/auth/logout', { token })).status).toBe(200);
    const after = await api(app.url, 'GET', '/api/admin/verify', { token });
    expect([after.status, after.body.message]).toEqual([401, OPERATOR_MESSAGES.sessionExpired]);
  });

  it('gives one answer to a wrong password and an unknown address, then locks with 429', async () => {
    const email = await newOperator();
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

  it('refuses a missing token, and a session past its absolute age', async () => {
    expect((await api(app.url, 'GET', '/api/admin/verify')).body.message).toBe(OPERATOR_MESSAGES.signInRequired);
    const email = await newOperator();
    const token = (await login(email)).body.data.token as string;
    await app.db.withPlatform((tx) => tx.update(operatorSessions).set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(operatorSessions.tokenHash, hashToken(token))));
    expect((await api(app.url, 'GET', '/api/admin/verify', { token })).status).toBe(401);
  });
});

describe('the documented /admin/... paths', () => {
  it('answer API calls as /api/admin/... does, and give a page load the console page instead', async () => {
    const token = (await login(await newOperator())).body.data.token as string;
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

describe('church and operator tokens are separate', () => {
  it('a church user\'s token opens no operator path, over REST and tRPC', async () => {
    const church = await createChurch(app.db);
    const session = await signIn(app.url, church.code, church.users.super_admin.email);
    const res = await api(app.url, 'GET', '/api/admin/verify', { token: session.token, code: church.code });
    expect(res.status).toBe(401);
    const viaTrpc = await trpcQuery('operatorAuth.verify', { authorization: `Bearer ${session.token}`, 'x-church-code': church.code });
    expect(viaTrpc.status).toBe(401);
  });

  it('an operator\'s token opens no church path, over REST and tRPC, whatever church code it names', async () => {
    const church = await createChurch(app.db);
    const { token } = (await login(await newOperator())).body.data;
    for (const path of ['/api/auth/verify', '/api/classes', '/api/gallery', '/api/users']) {
      const res = await api(app.url, 'GET', path, { token, code: church.code });
      expect(res.status, path).toBe(401);
    }
    const viaTrpc = await trpcQuery('auth.verify', { authorization: `Bearer ${token}`, 'x-church-code': church.code });
    expect(viaTrpc.status).toBe(401);
  });
});
