import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { churches, paymentOrders } from '../../drizzle/schema/index.js';
import { ADMIN_PAYMENT_MESSAGES } from '../../common/schemas/admin-payments.js';
import type { TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { api, createChurch, startAppWithOperator } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';

// Pending Payments of the operator console over real HTTP: the orders not yet paid, and a UPI
// transfer confirmed by its 12-digit UTR (once, audited, only the named church's order).

let app: TestApp;
let token: string;
let operatorId: string;
beforeAll(async () => { ({ app, token, operatorId } = await startAppWithOperator()); });
afterAll(async () => { await app?.close(); });

const confirm = (churchId: string, body: unknown, as = token) =>
  api(app.url, 'POST', `/api/admin/churches/${churchId}/confirm-payment`, { token: as, body });
const utr = () => String(100_000_000_000 + (randomBytes(5).readUIntBE(0, 5) % 900_000_000_000));

/** A church on the free trial waiting for the payment of a Basic order (made straight in the database). */
async function pendingOrder(amountPaise = 29_900) {
  const church = await createChurch(app.db, { tier: 'free', status: 'pending_payment', endDate: null });
  const orderId = `order_upi_${church.code}_${randomBytes(3).toString('hex')}`;
  await app.db.withPlatform((tx) => tx.insert(paymentOrders).values({
    churchId: church.church.id, provider: 'test', providerOrderId: orderId, planTier: 'basic', amountPaise,
  }));
  return { ...church, orderId };
}

const orderRow = async (orderId: string) =>
  (await app.db.withPlatform((tx) => tx.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, orderId))))[0];
const churchRow = async (id: string) => (await app.db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.id, id))))[0];

/** Every page of the pending list. */
async function allPending(): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const res = await api(app.url, 'GET', `/api/admin/payments/pending?page=${page}&limit=100`, { token });
    expect(res.status).toBe(200);
    items.push(...res.body.data.items);
    if (page >= res.body.data.pagination.pages) return items;
  }
}

describe('GET /api/admin/payments/pending', () => {
  it('lists the orders not yet paid, newest first, with church, its phone and e-mail, plan and the amount each was made with', async () => {
    const older = await pendingOrder(12_345);
    await app.db.withPlatform((tx) => tx.update(churches).set({ phone: '+919847012345' }).where(eq(churches.id, older.church.id)));
    const newer = await pendingOrder();
    const paid = await pendingOrder();
    await app.db.withPlatform((tx) => tx.update(paymentOrders).set({ status: 'paid', paidAt: new Date() })
      .where(eq(paymentOrders.providerOrderId, paid.orderId)));

    const page = await api(app.url, 'GET', '/api/admin/payments/pending?limit=1', { token });
    expect(page.status).toBe(200);
    expect(page.body.data.items).toHaveLength(1);
    expect(page.body.data.pagination).toMatchObject({ page: 1 });
    expect(page.body.data.pagination.pages).toBe(page.body.data.pagination.total);

    const items = await allPending();
    const ids = items.map((item) => item.order_id);
    expect(ids).not.toContain(paid.orderId);
    expect(ids.indexOf(newer.orderId)).toBeLessThan(ids.indexOf(older.orderId));
    expect(items.find((item) => item.order_id === older.orderId)).toEqual({
      order_id: older.orderId, church_id: older.church.id, church_name: older.church.name, church_code: older.code,
      church_phone: '+919847012345', church_email: older.church.email,
      plan_tier: 'basic', plan_name: 'Basic Plan', amount_paise: 12_345, currency: 'INR', is_upgrade: false,
      created_at: expect.any(String),
    });
  });

  it('refuses bad paging with a 400 and its message', async () => {
    const res = await api(app.url, 'GET', '/api/admin/payments/pending?page=0', { token });
    expect([res.status, res.body.success, res.body.message]).toEqual([400, false, 'Page and limit must be whole numbers from 1']);
  });
});

describe('POST /api/admin/churches/{id}/confirm-payment', () => {
  it('activates the plan once at the order\'s amount, audited with the operator, the UTR and the old and new subscription', async () => {
    const church = await pendingOrder();
    const session = await signIn(app.url, church.code, church.users.super_admin.email);
    expect((await session.get('/api/classes')).status).toBe(403);

    const reference = utr();
    // Spaces copied with the UTR from a statement are dropped.
    const res = await confirm(church.church.id, { order_id: church.orderId, bank_reference: `${reference.slice(0, 4)} ${reference.slice(4, 8)} ${reference.slice(8)}` });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ADMIN_PAYMENT_MESSAGES.paymentConfirmed);
    expect(res.body.data.church).toMatchObject({ id: church.church.id, subscription_tier: 'basic', subscription_status: 'active' });
    const days = (Date.parse(res.body.data.church.subscription_end_date) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await session.get('/api/classes')).status).toBe(200);

    const order = await orderRow(church.orderId);
    expect([order.status, order.providerPaymentId]).toEqual(['paid', reference]);
    const [entry] = await auditOf(app.db, church.church.id, { action: 'subscription.paid' }, 'newest first');
    expect(entry).toMatchObject({
      operatorId,
      details: expect.objectContaining({
        via: 'operator confirmation', payment: reference, amount_paise: 29_900,
        old: expect.objectContaining({ tier: 'free', status: 'pending_payment' }),
        new: expect.objectContaining({ tier: 'basic', status: 'active' }),
      }),
    });

    // Paid meanwhile (here: by this very confirmation): 409 with its message, and nothing changes.
    const again = await confirm(church.church.id, { order_id: church.orderId, bank_reference: utr() });
    expect([again.status, again.body.success, again.body.message, again.body.reason]).toEqual([409, false, 'This order is already paid.', 'already_paid']);
    expect((await orderRow(church.orderId)).providerPaymentId).toBe(reference);
    expect(await auditOf(app.db, church.church.id, { action: 'subscription.paid' }, 'newest first')).toHaveLength(1);
  });

  it('lets one of two confirmations of the same order at once through; the other answers 409', async () => {
    const church = await pendingOrder();
    const answers = await Promise.all([
      confirm(church.church.id, { order_id: church.orderId, bank_reference: utr() }),
      confirm(church.church.id, { order_id: church.orderId, bank_reference: utr() }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await auditOf(app.db, church.church.id, { action: 'subscription.paid' }, 'newest first')).toHaveLength(1);
  });

  it('refuses a reference that is not a 12-digit UTR with a 400 and its message, and changes nothing', async () => {
    const church = await pendingOrder();
    for (const bad of ['', '   ', '12345678901', '1234567890123', 'UTR000111222', '12345678901a', 123456789012, null]) {
      const res = await confirm(church.church.id, { order_id: church.orderId, bank_reference: bad });
      expect([res.status, res.body.success, res.body.message], String(bad)).toEqual([400, false, ADMIN_PAYMENT_MESSAGES.utrInvalid]);
    }
    const noOrder = await confirm(church.church.id, { bank_reference: utr() });
    expect([noOrder.status, noOrder.body.message]).toEqual([400, ADMIN_PAYMENT_MESSAGES.orderIdRequired]);
    const badChurch = await confirm('not-a-church', { order_id: church.orderId, bank_reference: utr() });
    expect([badChurch.status, badChurch.body.message]).toEqual([400, ADMIN_PAYMENT_MESSAGES.churchIdInvalid]);
    expect((await orderRow(church.orderId)).status).toBe('created');
    expect((await churchRow(church.church.id)).subscriptionStatus).toBe('pending_payment');
    expect(await auditOf(app.db, church.church.id, { action: 'subscription.paid' }, 'newest first')).toHaveLength(0);
  });

  it('confirms only the named church\'s order: another church\'s order and subscription are never touched', async () => {
    const a = await pendingOrder();
    const b = await pendingOrder();
    const crossed = await confirm(b.church.id, { order_id: a.orderId, bank_reference: utr() });
    expect([crossed.status, crossed.body.message]).toEqual([404, 'Payment order not found']);
    const unknown = await confirm('00000000-0000-4000-8000-000000000000', { order_id: a.orderId, bank_reference: utr() });
    expect([unknown.status, unknown.body.message]).toEqual([404, ADMIN_PAYMENT_MESSAGES.churchNotFound]);
    expect((await orderRow(a.orderId)).status).toBe('created');

    expect((await confirm(a.church.id, { order_id: a.orderId, bank_reference: utr() })).status).toBe(200);
    expect((await orderRow(b.orderId)).status).toBe('created');
    expect(await churchRow(b.church.id)).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'pending_payment' });
    expect(await auditOf(app.db, b.church.id, { action: 'subscription.paid' }, 'newest first')).toHaveLength(0);
    expect((await allPending()).map((item) => item.order_id)).toContain(b.orderId);
  });
});

describe('a church user\'s token', () => {
  it('opens neither the pending list nor the confirmation, over REST and tRPC (401), and confirms nothing', async () => {
    const church = await pendingOrder();
    const session = await signIn(app.url, church.code, church.users.super_admin.email);
    expect((await session.get('/api/admin/payments/pending')).status).toBe(401);
    const rest = await session.post(`/api/admin/churches/${church.church.id}/confirm-payment`, { order_id: church.orderId, bank_reference: utr() });
    expect([rest.status, rest.body.success]).toEqual([401, false]);
    expect((await session.query('admin.payments.pending')).status).toBe(401);
    const viaTrpc = await session.mutate('admin.payments.confirm', { id: church.church.id, order_id: church.orderId, bank_reference: utr() });
    expect(viaTrpc.status).toBe(401);
    expect((await orderRow(church.orderId)).status).toBe('created');
  });
});
