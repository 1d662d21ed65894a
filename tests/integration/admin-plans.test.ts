import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, paymentOrders } from '../../drizzle/schema/index.js';
import { ADMIN_PLAN_MESSAGES } from '../../common/schemas/admin-plans.js';
import { backend, type TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { api, createChurch, startAppWithOperator } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';

// Plans of the operator console over real HTTP: the four plans, a change of price, limits,
// description and features (audited with old and new values, refused when the plan changed
// meanwhile), and what "new orders only" means: an order keeps the amount it was made with.
// The changes run on PGlite only, where each test file has a database of its own: on PostgreSQL the
// plans are shared by every test file running at the same time, which read their prices and limits.

let app: TestApp;
let token: string;
let operatorId: string;
beforeAll(async () => { ({ app, token, operatorId } = await startAppWithOperator()); });
afterAll(async () => { await app?.close(); });

interface AdminPlan {
  tier: string; name: string; description: string; price: number; price_paise: number; duration_days: number;
  max_principals: number; max_teachers: number; max_students: number; max_classes: number; storage_quota_mb: number;
  features: string[]; version: string;
}

async function plans(): Promise<AdminPlan[]> {
  const res = await api(app.url, 'GET', '/api/admin/plans', { token });
  expect(res.status).toBe(200);
  return res.body.data.items;
}
const planOf = async (tier: string) => (await plans()).find((plan) => plan.tier === tier)!;

/** The editable part of a plan, as PUT takes it. */
const editable = (plan: AdminPlan) => ({
  version: plan.version, price: plan.price, max_principals: plan.max_principals, max_teachers: plan.max_teachers,
  max_students: plan.max_students, max_classes: plan.max_classes, storage_quota_mb: plan.storage_quota_mb,
  description: plan.description, features: plan.features,
});
const put = (tier: string, body: unknown, as = token) => api(app.url, 'PUT', `/api/admin/plans/${tier}`, { token: as, body });

/** Runs `change` on the plan, then puts the plan back as it was, whatever happened. */
async function withPlanRestored(tier: string, change: (before: AdminPlan) => Promise<void>) {
  const before = await planOf(tier);
  try {
    await change(before);
  } finally {
    const now = await planOf(tier);
    const back = await put(tier, { ...editable(before), version: now.version });
    expect(back.status).toBe(200);
  }
}

const planAudit = (tier: string) => app.db.withPlatform((tx) => tx.select().from(auditLog)
  .where(and(eq(auditLog.action, 'plan.updated'), eq(auditLog.resourceId, tier), eq(auditLog.operatorId, operatorId)))
  .orderBy(desc(auditLog.id)));

describe('GET /api/admin/plans', () => {
  it('answers the four plans in order, the price in rupees and paise, storage and a version', async () => {
    const all = await plans();
    expect(all.map((plan) => plan.tier)).toEqual(['free', 'basic', 'premium', 'lifetime']);
    const basic = all[1];
    expect(basic).toMatchObject({ name: 'Basic Plan', price: basic.price_paise / 100, duration_days: 30, storage_quota_mb: 5120 });
    expect(all[3]).toMatchObject({ price_paise: 0, max_students: -1, storage_quota_mb: -1 });
    expect(basic.version).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe.skipIf(backend === 'postgres')('PUT /api/admin/plans/{tier}', () => {
  it('changes price, limits, description and features, audited with the old and new value of each changed field', async () => {
    await withPlanRestored('premium', async (before) => {
      const res = await put('premium', {
        ...editable(before), price: 649.5, max_principals: 3, storage_quota_mb: -1,
        description: 'For the largest Sunday Schools', features: ['3 principals', 'Unlimited everything else'],
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(ADMIN_PLAN_MESSAGES.updated);
      expect(res.body.data.plan).toMatchObject({
        tier: 'premium', price: 649.5, price_paise: 64_950, max_principals: 3, max_teachers: before.max_teachers,
        storage_quota_mb: -1, description: 'For the largest Sunday Schools', features: ['3 principals', 'Unlimited everything else'],
      });
      expect(res.body.data.plan.version).not.toBe(before.version);
      // What church users read (registration, upgrade) is the same row.
      const publicPlans = await api(app.url, 'GET', '/api/subscription/plans');
      expect(publicPlans.body.data.premium).toMatchObject({ price: 649.5, price_paise: 64_950, principals: 3 });

      const [entry] = await planAudit('premium');
      expect(entry.targetChurchId).toBeNull();
      expect(entry.details).toEqual({
        by_operator_email: expect.any(String),
        tier: 'premium',
        changes: {
          price_paise: { old: before.price_paise, new: 64_950 },
          max_principals: { old: before.max_principals, new: 3 },
          storage_quota_mb: { old: before.storage_quota_mb, new: -1 },
          description: { old: before.description, new: 'For the largest Sunday Schools' },
          features: { old: before.features, new: ['3 principals', 'Unlimited everything else'] },
        },
      });
    });
  });

  it('writes nothing when nothing changes, and refuses a save over someone else\'s change (409)', async () => {
    await withPlanRestored('basic', async (before) => {
      const audited = (await planAudit('basic')).length;
      const same = await put('basic', editable(before));
      expect([same.status, same.body.message]).toEqual([200, ADMIN_PLAN_MESSAGES.unchanged]);
      expect(await planAudit('basic')).toHaveLength(audited);

      expect((await put('basic', { ...editable(before), max_teachers: 12 })).status).toBe(200);
      const stale = await put('basic', { ...editable(before), max_teachers: 15 });
      expect([stale.status, stale.body.success, stale.body.message, stale.body.reason])
        .toEqual([409, false, ADMIN_PLAN_MESSAGES.changedMeanwhile, 'plan_changed']);
      expect((await planOf('basic')).max_teachers).toBe(12);
    });
  });

  it('refuses bad input with a 400 and its message, and changes nothing', async () => {
    const before = await planOf('basic');
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['basic', { price: 0 }, ADMIN_PLAN_MESSAGES.priceInvalid],
      ['basic', { price: 299.999 }, ADMIN_PLAN_MESSAGES.priceInvalid],
      ['basic', { price: 100_001 }, ADMIN_PLAN_MESSAGES.priceInvalid],
      ['basic', { price: '299' }, ADMIN_PLAN_MESSAGES.priceInvalid],
      ['free', { price: 10 }, ADMIN_PLAN_MESSAGES.priceFixed],
      ['lifetime', { price: 5000 }, ADMIN_PLAN_MESSAGES.priceFixed],
      ['basic', { max_students: -2 }, ADMIN_PLAN_MESSAGES.limitInvalid('max_students')],
      ['basic', { max_classes: 2.5 }, ADMIN_PLAN_MESSAGES.limitInvalid('max_classes')],
      ['basic', { max_teachers: 1_000_001 }, ADMIN_PLAN_MESSAGES.limitInvalid('max_teachers')],
      ['basic', { storage_quota_mb: 2_000_000 }, ADMIN_PLAN_MESSAGES.storageInvalid],
      ['basic', { description: 'x'.repeat(201) }, ADMIN_PLAN_MESSAGES.descriptionInvalid],
      ['basic', { features: 'one, two' }, ADMIN_PLAN_MESSAGES.featuresInvalid],
      ['basic', { features: ['ok', '  '] }, ADMIN_PLAN_MESSAGES.featuresInvalid],
      ['basic', { features: Array.from({ length: 11 }, (_, i) => `Feature ${i}`) }, ADMIN_PLAN_MESSAGES.featuresInvalid],
      ['basic', { version: '' }, ADMIN_PLAN_MESSAGES.versionInvalid],
      ['gold', {}, ADMIN_PLAN_MESSAGES.tierInvalid],
    ];
    for (const [tier, change, message] of cases) {
      const res = await put(tier, { ...editable(before), ...change });
      expect([res.status, res.body.success, res.body.message], `${tier} ${JSON.stringify(change).slice(0, 60)}`).toEqual([400, false, message]);
    }
    expect(await planOf('basic')).toEqual(before);
  });

  it('applies a new price to new orders only: an order made before the change completes at its old amount', async () => {
    const payer = async () => {
      const church = await createChurch(app.db, { tier: 'free', status: 'active' });
      return { church, session: await signIn(app.url, church.code, church.users.super_admin.email) };
    };
    const early = await payer();
    const late = await payer();
    await withPlanRestored('basic', async (before) => {
      const first = await early.session.post('/api/churches/create-order', { plan_type: 'basic' });
      expect([first.status, first.body.data.amount]).toEqual([200, before.price_paise]);

      const newPrice = before.price + 50;
      expect((await put('basic', { ...editable(before), price: newPrice })).status).toBe(200);
      const second = await late.session.post('/api/churches/create-order', { plan_type: 'basic' });
      expect([second.status, second.body.data.amount]).toEqual([200, before.price_paise + 5_000]);

      const confirmed = await api(app.url, 'POST', `/api/admin/churches/${early.church.church.id}/confirm-payment`, {
        token, body: { order_id: first.body.data.order_id, bank_reference: String(500_000_000_000 + randomInt(99_999_999_999)) },
      });
      expect(confirmed.status).toBe(200);
      const [order] = await app.db.withPlatform((tx) => tx.select().from(paymentOrders)
        .where(and(eq(paymentOrders.churchId, early.church.church.id), eq(paymentOrders.providerOrderId, first.body.data.order_id))));
      expect([order.status, order.amountPaise]).toEqual(['paid', before.price_paise]);
      const [paid] = await auditOf(app.db, early.church.church.id, { action: 'subscription.upgraded' });
      expect(paid.details).toMatchObject({ amount_paise: before.price_paise });
    });
  });
});

describe('a church user\'s token', () => {
  it('opens neither the plans nor their change, over REST and tRPC (401), and changes nothing', async () => {
    const church = await createChurch(app.db);
    const session = await signIn(app.url, church.code, church.users.super_admin.email);
    const before = await planOf('basic');
    expect((await session.get('/api/admin/plans')).status).toBe(401);
    const rest = await session.put('/api/admin/plans/basic', { ...editable(before), price: 1 });
    expect([rest.status, rest.body.success]).toEqual([401, false]);
    expect((await session.query('admin.plans.list')).status).toBe(401);
    const viaTrpc = await session.mutate('admin.plans.update', { tier: 'basic', ...editable(before), price: 1 });
    expect(viaTrpc.status).toBe(401);
    expect(await planOf('basic')).toEqual(before);
  });
});
