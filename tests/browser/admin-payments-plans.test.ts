import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PAYMENT_MESSAGES } from '../../common/schemas/admin-payments.js';
import { ADMIN_PLAN_MESSAGES } from '../../common/schemas/admin-plans.js';
import { auditLog, churches, paymentOrders, plans } from '../../drizzle/schema/index.js';
import { api, createChurch } from '../helpers/fixtures.js';
import { DESKTOP, PHONE, fitsViewportWidth, onPage, openConsoleAsNewOperator, useAppAndBrowser } from '../helpers/browser.js';

const env = useAppAndBrowser();
/** A church on the free trial waiting for the payment of a Basic order of ₹299. */
async function pendingOrder() {
  const church = await createChurch(env.app.db, { tier: 'free', status: 'pending_payment', endDate: null });
  const orderId = `order_upi_${church.code}_${randomBytes(3).toString('hex')}`;
  await env.app.db.withPlatform((tx) => tx.insert(paymentOrders).values({
    churchId: church.church.id, provider: 'test', providerOrderId: orderId, planTier: 'basic', amountPaise: 29_900,
  }));
  return { ...church, orderId };
}
const orderStatus = async (orderId: string) =>
  (await env.app.db.withPlatform((tx) => tx.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, orderId))))[0].status;
const planRow = async (tier: string) => (await env.app.db.withPlatform((tx) => tx.select().from(plans).where(eq(plans.tier, tier))))[0];

describe('operator console: pending payments', () => {
  it('shows the empty state, an error with Retry, then confirms an order by its UTR and shows a 409 for one paid meanwhile', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await openConsoleAsNewOperator(env, page);
      await page.locator('#console-navigation').getByRole('link', { name: 'Pending Payments', exact: true }).click();
      await page.getByRole('heading', { name: 'Pending Payments', exact: true }).waitFor();
      await page.getByTestId('payments-empty').getByText('No pending payments').waitFor();

      // The list cannot be reached: the error state, then Retry loads it.
      const first = await pendingOrder();
      const second = await pendingOrder();
      // The phone as a registrant typed it.
      await env.app.db.withPlatform((tx) => tx.update(churches).set({ phone: '98470 12345' }).where(eq(churches.id, first.church.id)));
      await page.route('**/trpc/admin.payments.pending**', (route) => route.abort('internetdisconnected'));
      await page.reload();
      const failed = page.getByRole('alert').filter({ hasText: 'The pending payments could not be loaded.' });
      await failed.waitFor();
      await page.unroute('**/trpc/admin.payments.pending**');
      await failed.getByRole('button', { name: 'Retry' }).click();

      const card = page.getByTestId('pending-order').filter({ hasText: first.code });
      await card.waitFor();
      await card.getByText(first.church.name, { exact: false }).first().waitFor();
      await card.getByText('Basic Plan').waitFor();
      expect(await card.getByTestId('pending-amount').textContent()).toBe('₹299');
      await card.getByText(first.orderId, { exact: false }).waitFor();
      // The church's phone (for reading, dialled in E.164) and e-mail, to ask it about a transfer not yet on the statement.
      const call = card.getByTestId('pending-contact').getByRole('link').first();
      expect([await call.textContent(), await call.getAttribute('href')]).toEqual(['+91 98470 12345', 'tel:+919847012345']);
      expect(await card.getByTestId('pending-contact').getByRole('link').last().getAttribute('href')).toBe(`mailto:${first.church.email}`);

      // Not a UTR: refused in the browser with the server's own message, nothing sent.
      await card.getByLabel('UTR').fill('UTR12345');
      await card.getByRole('button', { name: 'Confirm' }).click();
      await card.getByText(ADMIN_PAYMENT_MESSAGES.utrInvalid).waitFor();
      expect(await orderStatus(first.orderId)).toBe('created');

      await card.getByLabel('UTR').fill('4123 4567 8901');
      await card.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText(`${ADMIN_PAYMENT_MESSAGES.paymentConfirmed} (${first.church.name})`).waitFor();
      await card.waitFor({ state: 'detached' });
      expect(await orderStatus(first.orderId)).toBe('paid');
      const [church] = await env.app.db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.id, first.church.id)));
      expect([church.subscriptionTier, church.subscriptionStatus]).toEqual(['basic', 'active']);

      // Paid by the webhook while the screen was open: the server's 409 and its message, on the card.
      await env.app.db.withPlatform((tx) => tx.update(paymentOrders).set({ status: 'paid', paidAt: new Date() })
        .where(eq(paymentOrders.providerOrderId, second.orderId)));
      const other = page.getByTestId('pending-order').filter({ hasText: second.code });
      await other.getByLabel('UTR').fill('412345678902');
      await other.getByRole('button', { name: 'Confirm' }).click();
      await other.getByText('Failed to confirm the payment: This order is already paid.').waitFor();
    }, { allowErrors: /409|Conflict|ERR_INTERNET_DISCONNECTED/ });
  });

  it('fits a phone: the list and the confirmation at 375 px', async () => {
    const order = await pendingOrder();
    await onPage(env, PHONE, async (page) => {
      await openConsoleAsNewOperator(env, page);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.locator('#console-navigation').getByRole('link', { name: 'Pending Payments', exact: true }).click();
      const card = page.getByTestId('pending-order').filter({ hasText: order.code });
      await card.waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      await card.getByLabel('UTR').fill('512345678903');
      await card.getByRole('button', { name: 'Confirm' }).click();
      await card.waitFor({ state: 'detached' });
      expect(await orderStatus(order.orderId)).toBe('paid');
      expect(await fitsViewportWidth(page)).toBe(true);
    }, { allowErrors: /ERR_INTERNET_DISCONNECTED/ });
  });
});

describe('operator console: plans', () => {
  it('edits a plan: the free trial\'s price cannot be set, a bad limit is refused, a save is audited, a stale save offers Reload', async () => {
    await onPage(env, DESKTOP, async (page) => {
      const { token } = await openConsoleAsNewOperator(env, page);
      await page.locator('#console-navigation').getByRole('link', { name: 'Plans', exact: true }).click();
      await page.getByRole('heading', { name: 'Plans', exact: true }).waitFor();
      for (const tier of ['free', 'basic', 'premium', 'lifetime']) await page.getByTestId(`plan-${tier}`).waitFor();
      expect(await page.getByTestId('plan-free').getByLabel('Price (₹)').isDisabled()).toBe(true);
      expect(await page.getByTestId('plan-lifetime').getByLabel('Price (₹)').isDisabled()).toBe(true);

      const basic = page.getByTestId('plan-basic');
      expect(await basic.getByLabel('Price (₹)').inputValue()).toBe('299');
      // Below -1 the field itself goes back to -1; an empty one is refused with the server's message.
      await basic.getByLabel('Students').fill('-2');
      await basic.getByLabel('Classes').focus();
      expect(await basic.getByLabel('Students').inputValue()).toBe('-1');
      await basic.getByLabel('Students').fill('');
      await basic.getByRole('button', { name: 'Save Basic Plan' }).click();
      await basic.getByText(ADMIN_PLAN_MESSAGES.limitInvalid('max_students')).waitFor();
      expect((await planRow('basic')).maxStudents).toBe(50);

      await basic.getByLabel('Students').fill('60');
      await basic.getByLabel('Price (₹)').fill('349.50');
      await basic.getByLabel('Features').fill('Priority support\nCentral exam entries');
      await basic.getByRole('button', { name: 'Save Basic Plan' }).click();
      await page.getByText(`Basic Plan: ${ADMIN_PLAN_MESSAGES.updated}`).waitFor();
      await basic.getByText('₹349.5', { exact: true }).waitFor();
      const saved = await planRow('basic');
      expect([saved.pricePaise, saved.maxStudents, saved.features]).toEqual([34_950, 60, ['Priority support', 'Central exam entries']]);
      const [entry] = await env.app.db.withPlatform((tx) => tx.select().from(auditLog)
        .where(and(eq(auditLog.action, 'plan.updated'), eq(auditLog.resourceId, 'basic'))));
      expect(entry.details).toMatchObject({ changes: { price_paise: { old: 29_900, new: 34_950 }, max_students: { old: 50, new: 60 } } });

      // Registration sells what the plan now allows: its limit lines come from the numbers, the extras follow.
      const register = await page.context().newPage();
      try {
        await register.goto('/register');
        await expect.poll(() => register.getByTestId('choose-basic').getByTestId('plan-lines').innerText())
          .toBe('1 principal · 10 teachers · 60 students · 20 classes · Priority support · Central exam entries');
      } finally {
        await register.close();
      }

      // Another operator changes the plan meanwhile: this save is refused, and Reload shows theirs.
      const current = (await api(env.app.url, 'GET', '/api/admin/plans', { token })).body.data.items.find((p: { tier: string }) => p.tier === 'basic');
      expect((await api(env.app.url, 'PUT', '/api/admin/plans/basic', { token, body: { ...current, max_classes: 25 } })).status).toBe(200);
      await basic.getByLabel('Teachers').fill('11');
      await basic.getByRole('button', { name: 'Save Basic Plan' }).click();
      const stale = basic.getByRole('alert');
      await stale.getByText(`Failed to save the plan: ${ADMIN_PLAN_MESSAGES.changedMeanwhile}`).waitFor();
      await stale.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(() => page.getByTestId('plan-basic').getByLabel('Classes').inputValue()).toBe('25');
      expect(await page.getByTestId('plan-basic').getByLabel('Teachers').inputValue()).toBe('10');
      expect((await planRow('basic')).maxTeachers).toBe(10);
    }, { allowErrors: /409|Conflict/ });
  });

  it('fits a phone: the plans (after an error and Retry) and a save at 375 px', async () => {
    await onPage(env, PHONE, async (page) => {
      await openConsoleAsNewOperator(env, page);
      await page.route('**/trpc/admin.plans.list**', (route) => route.abort('internetdisconnected'));
      await page.goto('/admin/dashboard/plans');
      const failed = page.getByRole('alert').filter({ hasText: 'The plans could not be loaded.' });
      await failed.waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      await page.unroute('**/trpc/admin.plans.list**');
      await failed.getByRole('button', { name: 'Retry' }).click();
      const premium = page.getByTestId('plan-premium');
      await premium.waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      await premium.getByLabel('Description').fill('For large churches and dioceses');
      await premium.getByRole('button', { name: 'Save Premium Plan' }).click();
      await page.getByText(`Premium Plan: ${ADMIN_PLAN_MESSAGES.updated}`).waitFor();
      expect((await planRow('premium')).description).toBe('For large churches and dioceses');
      expect(await fitsViewportWidth(page)).toBe(true);
    }, { allowErrors: /ERR_INTERNET_DISCONNECTED/ });
  });
});
