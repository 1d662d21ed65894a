import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, createClassWithStudents, signInNewOperator } from '../helpers/fixtures.js';
import { auditOf } from '../helpers/audit.js';
import { signIn, type ChurchSession } from '../helpers/church-session.js';
import { churches } from '../../drizzle/schema/index.js';

// The subscription actions of the wall: downgrade to free, extend the trial, retry a payment. The
// church's signed-in super admin only, also while the subscription is invalid.

let app: TestApp;
beforeAll(async () => { app = await startTestApp({ REGISTER_MAX_PER_IP: '1000' }); });
afterAll(async () => { await app?.close(); });

const DAY_MS = 86_400_000;
const churchRow = async (id: string) => (await app.db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.id, id))))[0];
const post = (path: string, caller: ChurchSession, body: unknown = {}) => caller.post(path, body);

describe('downgrade to free', () => {
  it('moves an expired premium church to a fresh free period and deletes nothing', async () => {
    const { church, code, users } = await createChurch(app.db, { tier: 'premium', endDate: new Date(Date.now() - DAY_MS) });
    await createClassWithStudents(app.db, church.id, { students: 0, section: String(Math.random()).slice(2, 6) });
    await createClassWithStudents(app.db, church.id, { students: 0, section: String(Math.random()).slice(2, 6) });
    await createClassWithStudents(app.db, church.id, { students: 0, section: String(Math.random()).slice(2, 6) });
    const admin = await signIn(app.url, code, users.super_admin.email);
    expect(admin.church.subscription.valid).toBe(false);

    const res = await post(`/api/churches/downgrade-to-free/${church.id}`, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Successfully downgraded to Free plan');
    const row = await churchRow(church.id);
    expect(row).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'active' });
    expect((row.subscriptionEndDate!.getTime() - Date.now()) / DAY_MS).toBeCloseTo(30, 1);

    // Three classes stay (the free plan allows two); a fourth is refused by the plan limit.
    const classes = await admin.get('/api/classes');
    expect(classes.body.data).toHaveLength(3);
    const more = await admin.post('/api/classes', { class_name: '1st', section: 'Z', academic_year: classes.body.data[0].academic_year });
    expect(more.status).toBe(409);

    const [entry] = await auditOf(app.db, church.id, { action: 'subscription.downgraded' });
    expect(entry.details).toMatchObject({ by_user_id: users.super_admin.id, old: { tier: 'premium' }, new: { tier: 'free' } });
    expect((await post(`/api/churches/downgrade-to-free/${church.id}`, admin)).status).toBe(409);
  });

  it('is for the super admin of that church only', async () => {
    const { church, code, users } = await createChurch(app.db, { tier: 'basic' });
    const other = await createChurch(app.db, { tier: 'basic' });
    const principal = await signIn(app.url, code, users.principal.email);
    expect((await post(`/api/churches/downgrade-to-free/${church.id}`, principal)).status).toBe(403);
    const otherAdmin = await signIn(app.url, other.code, other.users.super_admin.email);
    expect((await post(`/api/churches/downgrade-to-free/${church.id}`, otherAdmin)).status).toBe(404);
    expect((await api(app.url, 'POST', `/api/churches/downgrade-to-free/${church.id}`, { body: {} })).status).toBe(401);
    expect((await churchRow(church.id)).subscriptionTier).toBe('basic');
  });

  it('a paid registration still waiting for payment switches to the Free Trial; its payment token may not', async () => {
    const tag = Date.now().toString(36);
    const registered = await api(app.url, 'POST', '/api/churches/register', {
      body: { name: `Switching ${tag}`, pincode: '560001', admin_name: 'Sam', admin_email: `sam-${tag}@switch-${tag}.test`, admin_password: 'a long enough password', auth_provider: 'local', subscription_tier: 'basic' },
    });
    const { id, code } = registered.body.data.church;
    const byToken = await api(app.url, 'POST', `/api/churches/downgrade-to-free/${id}`, { code, headers: { 'x-payment-token': registered.body.data.payment_token }, body: {} });
    expect(byToken.status).toBe(403);
    const admin = await signIn(app.url, code, `sam-${tag}@switch-${tag}.test`, 'a long enough password');
    const res = await post(`/api/churches/downgrade-to-free/${id}`, admin);
    expect(res.status).toBe(200);
    const verify = await admin.get('/api/auth/verify');
    expect(verify.body.data.church.subscription).toMatchObject({ valid: true, reason: 'free_trial' });
  });
});

describe('extend the trial', () => {
  it('gives a church whose trial ended a new free period; not for a paid or lifetime church', async () => {
    const { church, code, users } = await createChurch(app.db, { tier: 'free', endDate: new Date(Date.now() - 3 * DAY_MS) });
    const admin = await signIn(app.url, code, users.super_admin.email);
    const res = await post(`/api/churches/${church.id}/extend-trial`, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Free trial extended! Enjoy 30 more days of full access.');
    expect(((await churchRow(church.id)).subscriptionEndDate!.getTime() - Date.now()) / DAY_MS).toBeCloseTo(30, 1);

    const paid = await createChurch(app.db, { tier: 'premium' });
    const paidAdmin = await signIn(app.url, paid.code, paid.users.super_admin.email);
    expect((await post(`/api/churches/${paid.church.id}/extend-trial`, paidAdmin)).status).toBe(409);
    const lifetime = await createChurch(app.db, { tier: 'lifetime', isLifetime: true, endDate: null });
    const lifetimeAdmin = await signIn(app.url, lifetime.code, lifetime.users.super_admin.email);
    expect((await post(`/api/churches/${lifetime.church.id}/extend-trial`, lifetimeAdmin)).status).toBe(409);
  });
});

describe('statuses set by the operator', () => {
  for (const status of ['suspended', 'inactive'] as const) {
    it(`a ${status} church cannot lift its status itself: 409 with a message, nothing changed, over REST and tRPC`, async () => {
      const onFree = await createChurch(app.db, { tier: 'free', status, endDate: new Date(Date.now() - DAY_MS) });
      const onPaid = await createChurch(app.db, { tier: 'basic', status, endDate: new Date(Date.now() + 9 * DAY_MS) });
      const message = `This church's subscription was set to ${status} by the platform, and only the platform can change it. Please contact support.`;
      for (const { church, code, users } of [onFree, onPaid]) {
        const before = await churchRow(church.id);
        const admin = await signIn(app.url, code, users.super_admin.email);
        const answers = [
          await post(`/api/churches/${church.id}/extend-trial`, admin),
          await post(`/api/churches/downgrade-to-free/${church.id}`, admin),
          await post('/api/churches/create-order', admin, { plan_type: 'premium' }),
          await post(`/api/churches/retry-payment/${church.id}`, admin),
        ];
        for (const answer of answers) expect([answer.status, answer.body.success, answer.body.message]).toEqual([409, false, message]);
        for (const procedure of ['subscription.extendTrial', 'subscription.downgradeToFree']) {
          const viaTrpc = await admin.mutate(procedure, { id: church.id });
          expect(viaTrpc.status).toBe(409);
          expect(viaTrpc.body.error.message).toBe(message);
        }
        expect(await churchRow(church.id)).toEqual(before);
        const entries = await auditOf(app.db, church.id);
        expect(entries.filter((e) => e.resourceType === 'subscription')).toHaveLength(0);
      }
    });
  }

  it('only the operator lifts it; then the church acts again', async () => {
    const { church, code, users } = await createChurch(app.db, { tier: 'free', status: 'suspended', endDate: new Date(Date.now() - DAY_MS) });
    const admin = await signIn(app.url, code, users.super_admin.email);
    expect((await post(`/api/churches/${church.id}/extend-trial`, admin)).status).toBe(409);
    const operator = await signInNewOperator(app.db, app.url);
    const lifted = await api(app.url, 'PUT', `/api/admin/churches/${church.id}/subscription`, {
      token: operator.token, body: { subscription_tier: 'free', subscription_status: 'active', subscription_end_date: null },
    });
    expect(lifted.status).toBe(200);
    await app.db.withPlatform((tx) => tx.update(churches).set({ subscriptionEndDate: new Date(Date.now() - DAY_MS) }).where(eq(churches.id, church.id)));
    expect((await post(`/api/churches/${church.id}/extend-trial`, admin)).status).toBe(200);
    expect((await churchRow(church.id)).subscriptionStatus).toBe('active');
  });
});

describe('trial extensions', () => {
  it('are unlimited and counted per church, and the console\'s church details show the count', async () => {
    const { church, code, users } = await createChurch(app.db, { tier: 'free', endDate: new Date(Date.now() - DAY_MS) });
    const other = await createChurch(app.db, { tier: 'free', endDate: new Date(Date.now() - DAY_MS) });
    const admin = await signIn(app.url, code, users.super_admin.email);
    for (let i = 0; i < 4; i++) expect((await post(`/api/churches/${church.id}/extend-trial`, admin)).status).toBe(200);
    expect((await churchRow(church.id)).trialExtensions).toBe(4);
    expect((await churchRow(other.church.id)).trialExtensions).toBe(0);
    // A downgrade is not an extension.
    const paid = await createChurch(app.db, { tier: 'basic' });
    const paidAdmin = await signIn(app.url, paid.code, paid.users.super_admin.email);
    expect((await post(`/api/churches/downgrade-to-free/${paid.church.id}`, paidAdmin)).status).toBe(200);
    expect((await churchRow(paid.church.id)).trialExtensions).toBe(0);

    const operator = await signInNewOperator(app.db, app.url);
    const details = await api(app.url, 'GET', `/api/admin/churches/${church.id}`, { token: operator.token });
    expect(details.body.data.trial_extensions).toBe(4);
    const [entry] = await auditOf(app.db, church.id, { action: 'subscription.trial_extended' }, 'newest first');
    expect(entry.details).toMatchObject({ extensions: 4 });
  });
});

describe('retry payment', () => {
  it('orders the church\'s own paid plan again, or the plan asked for', async () => {
    const { church, code, users } = await createChurch(app.db, { tier: 'basic', status: 'pending_payment', endDate: null });
    const admin = await signIn(app.url, code, users.super_admin.email);
    const own = await post(`/api/churches/retry-payment/${church.id}`, admin);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ plan_type: 'basic', amount: 29900, is_upgrade: false });
    const asked = await post('/api/churches/retry-payment', admin, { plan_type: 'premium', amount: 5 });
    expect(asked.body.data).toMatchObject({ plan_type: 'premium', amount: 59900 });

    const free = await createChurch(app.db, { tier: 'free', endDate: new Date(Date.now() - DAY_MS) });
    const freeAdmin = await signIn(app.url, free.code, free.users.super_admin.email);
    const noPlan = await post('/api/churches/retry-payment', freeAdmin);
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.message).toBe('Choose a paid plan: basic or premium');
    expect((await post(`/api/churches/retry-payment/${church.id}`, freeAdmin)).status).toBe(404);
  });
});
