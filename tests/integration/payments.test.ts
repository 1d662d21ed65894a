import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { api, createChurch } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';
import { churches, paymentOrders, paymentTokens, platformOperators } from '../../drizzle/schema/index.js';
import { confirmOrderByOperator } from '../../server/modules/payments/index.js';

// Orders, payment verification and the webhook: the amount always from the plans table, a payment
// trusted only on a signature over the order id we stored, activation once whatever arrives twice.

const WEBHOOK_SECRET = 'webhook-secret-for-tests';
const KEY_ID = 'rzp_test_local';
const KEY_SECRET = 'key-secret-for-tests';
const DAY_MS = 86_400_000;

/** A local stand-in for Razorpay's orders API (POST /v1/orders with the key as basic auth). */
function startFakeRazorpay() {
  const orders: Array<{ auth: string | undefined; body: Record<string, unknown> }> = [];
  const control = { failNext: false };
  let counter = 0;
  const server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => { raw += chunk.toString(); });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/orders') {
        res.writeHead(404).end();
        return;
      }
      if (control.failNext) {
        control.failNext = false;
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'down' } }));
        return;
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      orders.push({ auth: req.headers.authorization, body });
      counter++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        id: `order_fake${counter}`, entity: 'order', amount: body.amount, currency: body.currency, receipt: body.receipt, status: 'created',
      }));
    });
  });
  return new Promise<{ server: Server; url: string; orders: typeof orders; control: typeof control }>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, orders, control }));
  });
}

let app: TestApp;
let live: TestApp;
let fake: Awaited<ReturnType<typeof startFakeRazorpay>>;
beforeAll(async () => {
  fake = await startFakeRazorpay();
  [app, live] = await Promise.all([
    startTestApp({ REGISTER_MAX_PER_IP: '1000', RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, UPI_VPA: 'sundayschool@okbank', UPI_PAYEE_NAME: 'Sunday School Platform' }),
    startTestApp({ REGISTER_MAX_PER_IP: '1000', RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_API_URL: fake.url }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.close(), live?.close()]);
  fake?.server.close();
});

let counter = 0;
/** A paid registration: the church code and its payment token. */
async function registerPaid(url: string, tier: 'basic' | 'premium' = 'premium') {
  counter++;
  const tag = `${Date.now().toString(36)}p${counter}`;
  const res = await api(url, 'POST', '/api/churches/register', {
    body: {
      name: `Paying Church ${tag}`, pincode: '682001', admin_name: 'Paula Payer', admin_email: `admin-${tag}@paying-${tag}.test`,
      admin_password: 'a long enough password', auth_provider: 'local', subscription_tier: tier,
    },
  });
  expect(res.status).toBe(200);
  return { code: res.body.data.church.code as string, id: res.body.data.church.id as string, paymentToken: res.body.data.payment_token as string };
}
type Caller = { code: string; paymentToken?: string; token?: string };
const asPayer = (caller: Caller) => ({
  code: caller.code, token: caller.token, headers: caller.paymentToken ? { 'x-payment-token': caller.paymentToken } : undefined,
});
const createOrder = (url: string, caller: Caller, body: Record<string, unknown>) =>
  api(url, 'POST', '/api/churches/create-order', { ...asPayer(caller), body });
const verify = (url: string, caller: Caller, body: Record<string, unknown>) =>
  api(url, 'POST', '/api/churches/verify-payment', { ...asPayer(caller), body });
const testPay = (caller: Caller, orderId: string) =>
  api(app.url, 'POST', '/api/payments/test-checkout/pay', { ...asPayer(caller), body: { razorpay_order_id: orderId } });
const churchRow = async (db: TestApp['db'], id: string) => (await db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.id, id))))[0];
/** The audit entries of a church's subscription changes. */
const SUBSCRIPTION_CHANGES = { resourceType: 'subscription' };

function webhook(body: unknown, options: { eventId: string; secret?: string }) {
  const raw = JSON.stringify(body);
  return fetch(`${app.url}/api/payments/razorpay/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': options.eventId,
      'x-razorpay-signature': createHmac('sha256', options.secret ?? WEBHOOK_SECRET).update(raw).digest('hex'),
    },
    body: raw,
  });
}
const orderPaidEvent = (orderId: string, paymentId: string) => ({
  entity: 'event', event: 'order.paid',
  payload: { payment: { entity: { id: paymentId, order_id: orderId } }, order: { entity: { id: orderId, status: 'paid' } } },
});

describe('a paid registration pays in test mode', () => {
  it('orders at the plan price whatever the request says, and activates once on a signed payment', async () => {
    const church = await registerPaid(app.url);
    expect(church.paymentToken).toEqual(expect.any(String));
    const order = await createOrder(app.url, church, { plan_type: 'premium', amount: 1, is_upgrade: true, church_id: church.id });
    expect(order.status).toBe(200);
    expect(order.body.data).toMatchObject({ amount: 59900, currency: 'INR', is_upgrade: false, gateway: { mode: 'test', key_id: null } });
    const orderId = order.body.data.order_id as string;
    const upi = new URL(order.body.data.upi.link as string);
    expect(upi.protocol).toBe('upi:');
    expect(Object.fromEntries(upi.searchParams)).toMatchObject({ pa: 'sundayschool@okbank', pn: 'Sunday School Platform', am: '599.00', cu: 'INR', tr: orderId });
    expect((await createOrder(live.url, await registerPaid(live.url), { plan_type: 'basic' })).body.data.upi).toBeNull();

    const paid = await testPay(church, orderId);
    expect(paid.status).toBe(200);
    const first = await verify(app.url, church, paid.body.data);
    expect(first.status).toBe(200);
    expect(first.body.data.church).toMatchObject({ subscription_tier: 'premium', subscription_status: 'active' });
    const row = await churchRow(app.db, church.id);
    expect((row.subscriptionEndDate!.getTime() - Date.now()) / DAY_MS).toBeCloseTo(30, 1);

    const again = await verify(app.url, church, paid.body.data);
    expect(again.status).toBe(200);
    expect((await churchRow(app.db, church.id)).subscriptionEndDate).toEqual(row.subscriptionEndDate);
    const audit = await auditOf(app.db, church.id, SUBSCRIPTION_CHANGES);
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ old: { status: 'pending_payment' }, new: { tier: 'premium', status: 'active' } });
  });

  it('a forged signature, or one for another payment id, changes nothing', async () => {
    const church = await registerPaid(app.url, 'basic');
    const order = await createOrder(app.url, church, { plan_type: 'basic' });
    expect(order.body.data.amount).toBe(29900);
    const paid = await testPay(church, order.body.data.order_id);
    for (const forged of [
      { ...paid.body.data, razorpay_signature: 'f'.repeat(64) },
      { ...paid.body.data, razorpay_payment_id: 'pay_someone_else' },
    ]) {
      const res = await verify(app.url, church, forged);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Payment verification failed. Please contact support.');
    }
    expect(await churchRow(app.db, church.id)).toMatchObject({ subscriptionStatus: 'pending_payment', subscriptionEndDate: null });
    const [stored] = await app.db.withPlatform((tx) => tx.select().from(paymentOrders).where(eq(paymentOrders.churchId, church.id)));
    expect(stored.status).toBe('created');
  });

  it('a payment token pays for its own church only, and not once expired', async () => {
    const a = await registerPaid(app.url);
    const b = await registerPaid(app.url);
    // A's token with B's code, B's id in A's body, A's order verified by B: nothing.
    expect((await createOrder(app.url, { code: b.code, paymentToken: a.paymentToken }, { plan_type: 'premium' })).status).toBe(401);
    expect((await createOrder(app.url, a, { plan_type: 'premium', church_id: b.id })).status).toBe(404);
    const orderOfA = await createOrder(app.url, a, { plan_type: 'premium' });
    const paidA = await testPay(a, orderOfA.body.data.order_id);
    expect((await verify(app.url, b, paidA.body.data)).status).toBe(404);
    expect((await testPay(b, orderOfA.body.data.order_id)).status).toBe(404);
    expect((await churchRow(app.db, a.id)).subscriptionStatus).toBe('pending_payment');
    // Nothing but a code: no access.
    expect((await createOrder(app.url, { code: a.code }, { plan_type: 'premium' })).status).toBe(401);

    await app.db.withPlatform((tx) => tx.update(paymentTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(paymentTokens.churchId, a.id)));
    expect((await createOrder(app.url, a, { plan_type: 'premium' })).status).toBe(401);
  });
});

describe('an abandoned paid registration', () => {
  it('stays pending with its unpaid order, and pays later through a new order', async () => {
    const church = await registerPaid(app.url, 'basic');
    const abandoned = (await createOrder(app.url, church, { plan_type: 'basic' })).body.data.order_id as string;
    expect(await churchRow(app.db, church.id)).toMatchObject({ subscriptionStatus: 'pending_payment', subscriptionEndDate: null });

    const retried = await api(app.url, 'POST', '/api/churches/retry-payment', { ...asPayer(church), body: {} });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ plan_type: 'basic', amount: 29900 });
    expect(retried.body.data.order_id).not.toBe(abandoned);
    const paid = await testPay(church, retried.body.data.order_id);
    expect((await verify(app.url, church, paid.body.data)).status).toBe(200);

    const orders = await app.db.withPlatform((tx) => tx.select().from(paymentOrders).where(eq(paymentOrders.churchId, church.id)));
    expect(Object.fromEntries(orders.map((o) => [o.providerOrderId, o.status]))).toEqual({ [abandoned]: 'created', [retried.body.data.order_id]: 'paid' });
    expect((await churchRow(app.db, church.id)).subscriptionStatus).toBe('active');
  });
});

describe('a signed-in church pays', () => {
  it('its super admin upgrades a free church; a teacher may not pay', async () => {
    const { church, code, users } = await createChurch(app.db, { tier: 'free' });
    const admin = await signIn(app.url, code, users.super_admin.email);
    const teacher = await signIn(app.url, code, users.teacher.email);
    expect((await createOrder(app.url, { code, token: teacher.token }, { plan_type: 'basic' })).status).toBe(403);
    const order = await createOrder(app.url, { code, token: admin.token }, { plan_type: 'basic' });
    expect(order.status).toBe(200);
    expect(order.body.data).toMatchObject({ amount: 29900, is_upgrade: true });
    const paid = await testPay({ code, token: admin.token }, order.body.data.order_id);
    const res = await verify(app.url, { code, token: admin.token }, paid.body.data);
    expect(res.body.message).toBe('Upgrade Successful');
    expect(res.body.data.church).toMatchObject({ subscription_tier: 'basic', subscription_status: 'active' });
    const [entry] = await auditOf(app.db, church.id, SUBSCRIPTION_CHANGES);
    expect(entry).toMatchObject({ action: 'subscription.upgraded' });
    expect(entry.details).toMatchObject({ by_user_id: users.super_admin.id, old: { tier: 'free' }, new: { tier: 'basic' } });
  });

  it('follows the upgrade path: premium cannot upgrade, lifetime has nothing to pay, a renewal adds to the end date', async () => {
    const premium = await createChurch(app.db, { tier: 'premium' });
    const premiumAdmin = await signIn(app.url, premium.code, premium.users.super_admin.email);
    const down = await createOrder(app.url, { code: premium.code, token: premiumAdmin.token }, { plan_type: 'basic' });
    expect(down.status).toBe(409);
    expect(down.body.message).toMatch(/^The Premium plan cannot be upgraded/);

    const lifetime = await createChurch(app.db, { tier: 'lifetime', isLifetime: true, endDate: null });
    const lifetimeAdmin = await signIn(app.url, lifetime.code, lifetime.users.super_admin.email);
    expect((await createOrder(app.url, { code: lifetime.code, token: lifetimeAdmin.token }, { plan_type: 'premium' })).status).toBe(409);

    const before = (await churchRow(app.db, premium.church.id)).subscriptionEndDate!;
    const renewal = await createOrder(app.url, { code: premium.code, token: premiumAdmin.token }, { plan_type: 'premium' });
    expect(renewal.body.data.is_upgrade).toBe(false);
    const paid = await testPay({ code: premium.code, token: premiumAdmin.token }, renewal.body.data.order_id);
    await verify(app.url, { code: premium.code, token: premiumAdmin.token }, paid.body.data);
    const after = (await churchRow(app.db, premium.church.id)).subscriptionEndDate!;
    expect((after.getTime() - before.getTime()) / DAY_MS).toBeCloseTo(30, 3);
  });
});

describe('the webhook', () => {
  it('completes a paid order when the browser never came back; a replay changes nothing', async () => {
    const church = await registerPaid(app.url);
    const order = await createOrder(app.url, church, { plan_type: 'premium' });
    const event = orderPaidEvent(order.body.data.order_id, `pay_from_webhook_${church.code}`);
    const res = await webhook(event, { eventId: `evt_${church.code}` });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { outcome: string } }).data.outcome).toBe('completed');
    expect(await churchRow(app.db, church.id)).toMatchObject({ subscriptionTier: 'premium', subscriptionStatus: 'active' });
    const replay = await webhook(event, { eventId: `evt_${church.code}` });
    expect(((await replay.json()) as { data: { outcome: string } }).data.outcome).toBe('duplicate');
    expect(await auditOf(app.db, church.id, SUBSCRIPTION_CHANGES)).toHaveLength(1);
  });

  it('refuses a bad signature with a 400 and changes nothing', async () => {
    const church = await registerPaid(app.url);
    const order = await createOrder(app.url, church, { plan_type: 'premium' });
    const res = await webhook(orderPaidEvent(order.body.data.order_id, 'pay_x'), { eventId: `evt_bad_${church.code}`, secret: 'not-the-secret' });
    expect(res.status).toBe(400);
    expect((await churchRow(app.db, church.id)).subscriptionStatus).toBe('pending_payment');
  });

  it('and verify-payment racing each other activate the plan once', async () => {
    const church = await registerPaid(app.url);
    const order = await createOrder(app.url, church, { plan_type: 'premium' });
    const paid = await testPay(church, order.body.data.order_id);
    const [viaVerify, viaWebhook] = await Promise.all([
      verify(app.url, church, paid.body.data),
      webhook(orderPaidEvent(order.body.data.order_id, paid.body.data.razorpay_payment_id), { eventId: `evt_race_${church.code}` }),
    ]);
    expect(viaVerify.status).toBe(200);
    expect(viaWebhook.status).toBe(200);
    expect(await auditOf(app.db, church.id, SUBSCRIPTION_CHANGES)).toHaveLength(1);
    expect((await churchRow(app.db, church.id)).subscriptionStatus).toBe('active');
  });
});

describe('a UPI payment confirmed elsewhere', () => {
  const status = (caller: Caller, orderId: string) =>
    api(app.url, 'GET', `/api/churches/payment-status/${encodeURIComponent(orderId)}`, asPayer(caller));

  it('shows on the payment status once the webhook completes the order, through REST and tRPC', async () => {
    const church = await registerPaid(app.url, 'basic');
    const orderId = (await createOrder(app.url, church, { plan_type: 'basic' })).body.data.order_id as string;
    const waiting = await status(church, orderId);
    expect(waiting.status).toBe(200);
    expect(waiting.body.data).toMatchObject({ order_id: orderId, status: 'created', plan_type: 'basic', church: { subscription_status: 'pending_payment' } });

    await webhook(orderPaidEvent(orderId, `pay_upi_${church.code}`), { eventId: `evt_upi_${church.code}` });
    expect((await status(church, orderId)).body.data).toMatchObject({ status: 'paid', church: { subscription_tier: 'basic', subscription_status: 'active' } });

    const input = encodeURIComponent(JSON.stringify({ order_id: orderId }));
    const viaTrpc = await fetch(`${app.url}/trpc/payments.orderStatus?input=${input}`, {
      headers: { 'x-church-code': church.code, 'x-payment-token': church.paymentToken },
    });
    expect(viaTrpc.status).toBe(200);
    expect(((await viaTrpc.json()) as { result: { data: { status: string } } }).result.data.status).toBe('paid');
  });

  it('another church\'s order is not found, and a caller without credentials is refused', async () => {
    const a = await registerPaid(app.url);
    const b = await registerPaid(app.url);
    const orderOfA = (await createOrder(app.url, a, { plan_type: 'premium' })).body.data.order_id as string;
    const res = await status(b, orderOfA);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Payment order not found');
    expect((await status({ code: a.code }, orderOfA)).status).toBe(401);
  });

  it('the operator\'s confirmation completes the order once, with the operator in the audit entry', async () => {
    const church = await registerPaid(app.url, 'premium');
    const orderId = (await createOrder(app.url, church, { plan_type: 'premium' })).body.data.order_id as string;
    const [operator] = await app.db.withPlatform((tx) => tx.insert(platformOperators)
      .values({ email: `ops-${church.code.toLowerCase()}@platform.test`, name: 'Ops', passwordHash: 'not-used-here' }).returning());
    const receipts = { mailer: app.server.services.mailer, log: app.server.log, publicUrl: app.url };
    const utr = `UTR${church.code}`; // a reference pays one order ever: unique, so a kept database can run it again
    const confirmed = await confirmOrderByOperator(app.db, { providerOrderId: orderId, operatorId: operator.id, reference: utr }, receipts);
    expect(confirmed).toMatchObject({ subscription_tier: 'premium', subscription_status: 'active' });
    await expect(confirmOrderByOperator(app.db, { providerOrderId: orderId, operatorId: operator.id, reference: utr }, receipts))
      .rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(confirmOrderByOperator(app.db, { providerOrderId: 'order_nobody', operatorId: operator.id, reference: 'x' }, receipts))
      .rejects.toMatchObject({ code: 'NOT_FOUND' });
    const audit = await auditOf(app.db, church.id, SUBSCRIPTION_CHANGES);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorId: operator.id, details: expect.objectContaining({ via: 'operator confirmation', payment: utr }) });
  });
});

describe('a payment token', () => {
  it('is spent by its church\'s payment: it then only reads where the order stands', async () => {
    const church = await registerPaid(app.url, 'basic');
    const order = await createOrder(app.url, church, { plan_type: 'basic' });
    const paid = await testPay(church, order.body.data.order_id);
    expect((await verify(app.url, church, paid.body.data)).status).toBe(200);
    const [token] = await app.db.withPlatform((tx) => tx.select().from(paymentTokens).where(eq(paymentTokens.churchId, church.id)));
    expect(token.consumedAt).toBeInstanceOf(Date);

    const spent = 'This church\'s payment is complete. Please sign in to continue.';
    for (const answer of [
      await createOrder(app.url, church, { plan_type: 'premium' }),
      await api(app.url, 'POST', '/api/churches/retry-payment', { ...asPayer(church), body: { plan_type: 'premium' } }),
      await testPay(church, order.body.data.order_id),
    ]) expect([answer.status, answer.body.message]).toEqual([401, spent]);
    // The browser that paid hears the same answer again, and its status page sees the order paid.
    expect((await verify(app.url, church, paid.body.data)).status).toBe(200);
    const status = await api(app.url, 'GET', `/api/churches/payment-status/${order.body.data.order_id}`, asPayer(church));
    expect(status.body.data).toMatchObject({ status: 'paid', church: { subscription_tier: 'basic', subscription_status: 'active' } });
    const orders = await app.db.withPlatform((tx) => tx.select().from(paymentOrders).where(eq(paymentOrders.churchId, church.id)));
    expect(orders).toHaveLength(1);
  });

  it('is spent when the webhook completes the order, too', async () => {
    const church = await registerPaid(app.url);
    const order = await createOrder(app.url, church, { plan_type: 'premium' });
    await webhook(orderPaidEvent(order.body.data.order_id, `pay_spent_${church.code}`), { eventId: `evt_spent_${church.code}` });
    expect((await createOrder(app.url, church, { plan_type: 'premium' })).status).toBe(401);
    const status = await api(app.url, 'GET', `/api/churches/payment-status/${order.body.data.order_id}`, asPayer(church));
    expect(status.body.data.status).toBe('paid');
  });
});

describe('a church whose status the operator set', () => {
  it('pays an order made before its suspension: the money is recorded as held, the suspension and plan stay', async () => {
    const { church, code, users } = await createChurch(app.db, { tier: 'free' });
    const admin = { code, token: (await signIn(app.url, code, users.super_admin.email)).token };
    const order = await createOrder(app.url, admin, { plan_type: 'premium' });
    const second = await createOrder(app.url, admin, { plan_type: 'basic' });
    const paid = await testPay(admin, order.body.data.order_id);
    await app.db.withPlatform((tx) => tx.update(churches).set({ subscriptionStatus: 'suspended' }).where(eq(churches.id, church.id)));
    const before = await churchRow(app.db, church.id);

    const held = 'Your payment was received, but this church\'s subscription was set by the platform, so your plan has not changed. Please contact support.';
    const res = await verify(app.url, admin, paid.body.data);
    expect([res.status, res.body.message, res.body.reason]).toEqual([409, held, 'payment_held']);
    expect(await churchRow(app.db, church.id)).toEqual(before);
    const [stored] = await app.db.withPlatform((tx) => tx.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, order.body.data.order_id)));
    expect(stored).toMatchObject({ status: 'held', providerPaymentId: paid.body.data.razorpay_payment_id });
    expect(stored.paidAt).toBeInstanceOf(Date);
    const entries = await auditOf(app.db, church.id, SUBSCRIPTION_CHANGES);
    expect(entries.map((e) => e.action)).toEqual(['subscription.payment_held']);
    expect(entries[0].details).toMatchObject({ status: 'suspended', plan: 'premium', amount_paise: 59900 });

    // Again, or by the webhook: the same, nothing applied, nothing recorded twice.
    expect((await verify(app.url, admin, paid.body.data)).status).toBe(409);
    const hook = await webhook(orderPaidEvent(order.body.data.order_id, paid.body.data.razorpay_payment_id), { eventId: `evt_held_${code}` });
    expect(((await hook.json()) as { data: { outcome: string } }).data.outcome).toBe('held');
    // The webhook of the other order made before the suspension holds it too.
    const other = await webhook(orderPaidEvent(second.body.data.order_id, `pay_held_${code}`), { eventId: `evt_held2_${code}` });
    expect(((await other.json()) as { data: { outcome: string } }).data.outcome).toBe('held');
    expect(await churchRow(app.db, church.id)).toEqual(before);
    expect(await auditOf(app.db, church.id, SUBSCRIPTION_CHANGES)).toHaveLength(2);

    // The operator confirms no payment of a suspended church: lift the status first.
    const third = `order_susp_${code}`;
    await app.db.withPlatform((tx) => tx.insert(paymentOrders).values({ churchId: church.id, provider: 'test', providerOrderId: third, planTier: 'basic', amountPaise: 29900 }));
    const [operator] = await app.db.withPlatform((tx) => tx.insert(platformOperators)
      .values({ email: `ops-held-${code.toLowerCase()}@platform.test`, name: 'Ops', passwordHash: 'not-used-here' }).returning());
    const receipts = { mailer: app.server.services.mailer, log: app.server.log, publicUrl: app.url };
    await expect(confirmOrderByOperator(app.db, { providerOrderId: third, operatorId: operator.id, reference: `UTR${code}` }, receipts))
      .rejects.toMatchObject({ code: 'CONFLICT', message: 'This church is suspended: change its status before confirming its payment.' });
    await expect(confirmOrderByOperator(app.db, { providerOrderId: order.body.data.order_id, operatorId: operator.id, reference: `UTR${code}` }, receipts))
      .rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await churchRow(app.db, church.id)).toEqual(before);
  });
});

describe('a payment reference', () => {
  it('confirms one order only: the same bank reference (UTR) for another church\'s order is refused and changes nothing', async () => {
    const a = await createChurch(app.db, { tier: 'free', status: 'pending_payment', endDate: null });
    const b = await createChurch(app.db, { tier: 'free', status: 'pending_payment', endDate: null });
    const orderOf = async (churchId: string, code: string) => {
      const id = `order_utr_${code}`;
      await app.db.withPlatform((tx) => tx.insert(paymentOrders).values({ churchId, provider: 'test', providerOrderId: id, planTier: 'basic', amountPaise: 29900 }));
      return id;
    };
    const [orderA, orderB, orderA2] = [await orderOf(a.church.id, a.code), await orderOf(b.church.id, b.code), `order_utr2_${a.code}`];
    await app.db.withPlatform((tx) => tx.insert(paymentOrders).values({ churchId: a.church.id, provider: 'test', providerOrderId: orderA2, planTier: 'basic', amountPaise: 29900 }));
    const [operator] = await app.db.withPlatform((tx) => tx.insert(platformOperators)
      .values({ email: `ops-utr-${a.code.toLowerCase()}@platform.test`, name: 'Ops', passwordHash: 'not-used-here' }).returning());
    const receipts = { mailer: app.server.services.mailer, log: app.server.log, publicUrl: app.url };
    const utr = `4071${a.code}`;
    await confirmOrderByOperator(app.db, { providerOrderId: orderA, operatorId: operator.id, reference: utr }, receipts);
    const bBefore = await churchRow(app.db, b.church.id);
    for (const [order, reference] of [[orderB, utr], [orderB, ` ${utr.slice(0, 6)} ${utr.slice(6)} `], [orderA2, utr]]) {
      await expect(confirmOrderByOperator(app.db, { providerOrderId: order, operatorId: operator.id, reference }, receipts))
        .rejects.toMatchObject({ code: 'CONFLICT', message: 'This payment reference was already used for another payment.' });
    }
    expect(await churchRow(app.db, b.church.id)).toEqual(bBefore);
    const orders = await app.db.withPlatform((tx) => tx.select().from(paymentOrders)
      .where(inArray(paymentOrders.providerOrderId, [orderA, orderB, orderA2])));
    expect(Object.fromEntries(orders.map((o) => [o.providerOrderId, o.status]))).toEqual({ [orderA]: 'paid', [orderB]: 'created', [orderA2]: 'created' });
    expect(await auditOf(app.db, b.church.id, SUBSCRIPTION_CHANGES)).toHaveLength(0);
    // Another reference pays B.
    await confirmOrderByOperator(app.db, { providerOrderId: orderB, operatorId: operator.id, reference: `${utr}9` }, receipts);
    expect((await churchRow(app.db, b.church.id)).subscriptionStatus).toBe('active');
  });
});

describe('with Razorpay keys', () => {
  it('creates the order through the SDK at the plan price, and verifies with the key secret', async () => {
    const church = await registerPaid(live.url);
    const order = await createOrder(live.url, church, { plan_type: 'premium', amount: 100 });
    expect(order.status).toBe(200);
    expect(order.body.data).toMatchObject({ amount: 59900, gateway: { mode: 'razorpay', key_id: KEY_ID } });
    const sent = fake.orders.at(-1)!;
    expect(sent.body).toMatchObject({ amount: 59900, currency: 'INR' });
    expect(sent.auth).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    // No test checkout with real keys.
    expect((await api(live.url, 'POST', '/api/payments/test-checkout/pay', { ...asPayer(church), body: { razorpay_order_id: order.body.data.order_id } })).status).toBe(404);

    const orderId = order.body.data.order_id as string;
    // Payment ids are unique (one reference pays one order ever), also across runs on a kept database.
    const paymentId = `pay_live_${church.code}`;
    const sign = (secret: string) => createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');
    const forged = await verify(live.url, church, { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: sign('other-secret') });
    expect(forged.status).toBe(400);
    const good = await verify(live.url, church, { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: sign(KEY_SECRET) });
    expect(good.status).toBe(200);
    expect(good.body.data.church.subscription_status).toBe('active');
  });
});

describe('when Razorpay fails', () => {
  it('an order it refuses is a 503 with the spec\'s message, and nothing is stored', async () => {
    const church = await registerPaid(live.url);
    fake.control.failNext = true;
    const order = await createOrder(live.url, church, { plan_type: 'basic' });
    expect(order.status).toBe(503);
    expect(order.body.message).toBe('Failed to create payment order');
    expect(await live.db.withPlatform((tx) => tx.select().from(paymentOrders).where(eq(paymentOrders.churchId, church.id)))).toHaveLength(0);
  });
});

describe('with no gateway at all', () => {
  it('refuses an order with a 503 that says so, and has no test checkout', async () => {
    const none = await startTestApp({ REGISTER_MAX_PER_IP: '1000', PAYMENT_TEST_GATEWAY: 'false' });
    try {
      const church = await registerPaid(none.url);
      const order = await createOrder(none.url, church, { plan_type: 'premium' });
      expect(order.status).toBe(503);
      expect(order.body.message).toBe('Online payment is not available on this server yet. Please contact support.');
      expect((await none.db.withPlatform((tx) => tx.select().from(paymentOrders).where(eq(paymentOrders.churchId, church.id))))).toHaveLength(0);
    } finally {
      await none.close();
    }
  });
});
