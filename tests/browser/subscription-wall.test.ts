import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp } from '../helpers/app.js';
import { createChurch, TEST_PASSWORD } from '../helpers/fixtures.js';
import { MESSAGES, SUPPORT_EMAIL } from '../../common/constants.js';
import {
  DESKTOP, PHONE, SESSION_KEYS, fitsViewportWidth, onPage, pathOf, signIn, textShown, useAppAndBrowser,
} from '../helpers/browser.js';

const env = useAppAndBrowser(startTestApp);

const DAY_MS = 86_400_000;


/** At phone width the subscription badge is in the navigation drawer: opens it and waits for the badge's text. */
async function expectDrawerBadge(page: Page, text: string) {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.locator('#dashboard-navigation').getByTestId('subscription-badge').filter({ hasText: text }).waitFor();
  await page.getByRole('button', { name: 'Close navigation' }).click();
}
describe('the subscription wall', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`a church whose free trial ended lands on /subscription (${viewport.width}px)`, async () => {
      const { code, users } = await createChurch(env.app.db, { tier: 'free', endDate: new Date(Date.now() - 2 * DAY_MS) });
      await onPage(env, viewport, async (page) => {
        await page.goto('/login');
        await signIn(page, code, users.principal.email, TEST_PASSWORD);
        await page.getByRole('alert').filter({ hasText: 'Free trial period ended' }).waitFor();
        expect(pathOf(page)).toBe('/subscription');

        // The church's plan, and the plan list with ₹ prices from the plans table.
        await page.getByTestId('current-plan').getByText('Free Trial').waitFor();
        await page.getByTestId('current-plan').getByText(/^Ended on /).waitFor();
        await page.getByTestId('plan-basic').getByText('₹299').waitFor();
        await page.getByTestId('plan-premium').getByText('₹599').waitFor();
        await page.getByTestId('plan-free').getByText('Current plan').waitFor();
        expect(await page.getByTestId('plan-lifetime').count()).toBe(0);

        // A principal cannot change the plan: no plan buttons, a pointer to the super admin.
        await page.getByText("Only your church's super admin can renew or change the plan.").waitFor();
        expect(await page.getByRole('button', { name: /^Choose / }).count()).toBe(0);
        const support = page.getByRole('link', { name: 'Contact support' });
        expect(await support.getAttribute('href')).toMatch(new RegExp(`^mailto:${SUPPORT_EMAIL}\\?subject=`));
        expect(await fitsViewportWidth(page)).toBe(true);

        // The dashboard stays closed, also after a reload.
        await page.goto('/');
        await page.getByRole('alert').filter({ hasText: 'Free trial period ended' }).waitFor();
        expect(pathOf(page)).toBe('/subscription');
        await page.reload();
        await page.getByRole('alert').filter({ hasText: 'Free trial period ended' }).waitFor();
        expect(pathOf(page)).toBe('/subscription');

        // Logout asks first; Cancel keeps the session.
        await page.getByRole('button', { name: 'Logout and come back later' }).click();
        const dialog = page.getByRole('dialog', { name: 'Logout' });
        await dialog.getByText(MESSAGES.logoutConfirm).waitFor();
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
        expect(pathOf(page)).toBe('/subscription');

        await page.getByRole('button', { name: 'Logout and come back later' }).click();
        await dialog.getByRole('button', { name: 'Logout' }).click();
        await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
        expect(pathOf(page)).toBe('/login');
        const stored = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), SESSION_KEYS);
        expect(stored).toEqual([null, null]);
      });
    });
  }

  it('a church with an active free trial gets the dashboard with its days left', async () => {
    const { code, users } = await createChurch(env.app.db, { tier: 'free', endDate: new Date(Date.now() + 10 * DAY_MS - 60_000) });
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, code, users.teacher.email, TEST_PASSWORD);
      await page.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
      await page.getByTestId('subscription-badge').filter({ hasText: 'Free Trial · 10 days left' }).first().waitFor();
      // The free plan allows one teacher and five students (and one principal, two classes).
      await page.getByTestId('usage-teachers').getByText('1 / 1').waitFor();
      await page.getByTestId('usage-students').getByText('0 / 5').waitFor();
      await page.getByText(MESSAGES.usageNothingYet).waitFor(); // no students or classes yet
    });
  });

  it('a lifetime church shows no days left', async () => {
    const { code, users } = await createChurch(env.app.db, { tier: 'lifetime', isLifetime: true, endDate: null });
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, code, users.principal.email, TEST_PASSWORD);
      await page.getByRole('heading', { name: 'Principal Dashboard' }).waitFor();
      const badge = page.locator('header').getByTestId('subscription-badge');
      await badge.waitFor();
      expect((await badge.textContent())?.trim()).toBe('Lifetime');
      await page.getByTestId('usage-students').getByText('0 / Unlimited').waitFor();
    });
  });

  it('the super admin of an expired trial extends it and reaches the dashboard (375px)', async () => {
    const { code, users } = await createChurch(env.app.db, { tier: 'free', endDate: new Date(Date.now() - 2 * DAY_MS) });
    await onPage(env, PHONE, async (page) => {
      await page.goto('/login');
      await signIn(page, code, users.super_admin.email, TEST_PASSWORD);
      await page.getByRole('alert').filter({ hasText: 'Free trial period ended' }).waitFor();
      const extend = page.getByTestId('plan-free').getByRole('button', { name: 'Extend Free Trial' });
      await extend.waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      await extend.click();
      await page.getByText('Free trial extended! Enjoy 30 more days of full access.').waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      await page.getByRole('link', { name: 'Go to Dashboard Now' }).click();
      await page.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
      await expectDrawerBadge(page, 'Free Trial · 30 days left');
    });
  });

  it('an expired basic church upgrades to premium in test mode and is taken home', async () => {
    const { code, users } = await createChurch(env.app.db, { tier: 'basic', endDate: new Date(Date.now() - DAY_MS) });
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, code, users.super_admin.email, TEST_PASSWORD);
      await page.getByRole('alert').filter({ hasText: /expired/i }).waitFor();
      await page.getByTestId('plan-premium').getByRole('button', { name: 'Choose Premium Plan' }).click();
      await page.getByRole('heading', { name: 'Payment' }).waitFor();
      expect(await page.getByTestId('payment-amount').textContent()).toBe('₹599');
      await page.getByRole('button', { name: 'Pay ₹599' }).click();
      const upgraded = textShown(page, 'Upgrade Successful');
      await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Pay' }).click();
      await upgraded;
      await page.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
      await page.getByTestId('subscription-badge').filter({ hasText: 'Premium · 30 days left' }).first().waitFor();
    });
  });

  it('a church whose payment is pending switches to the Free Trial after confirming', async () => {
    const { code, users } = await createChurch(env.app.db, { tier: 'premium', status: 'pending_payment', endDate: null });
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, code, users.super_admin.email, TEST_PASSWORD);
      const alert = page.getByRole('alert').filter({ hasText: 'Your payment is pending' });
      await alert.waitFor();
      await alert.getByRole('button', { name: 'Switch to Free Trial' }).click();
      const dialog = page.getByRole('dialog', { name: 'Switch to the Free Trial' });
      await dialog.getByRole('button', { name: 'Switch to Free Trial' }).click();
      await page.getByText('Successfully downgraded to Free plan').waitFor();
      await page.getByRole('link', { name: 'Go to Dashboard Now' }).click();
      await page.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
      await page.getByTestId('subscription-badge').filter({ hasText: 'Free Trial · 30 days left' }).first().waitFor();
    });
  });

  it('a valid basic church upgrades to premium from the dashboard in test mode (375px)', async () => {
    const { code, users } = await createChurch(env.app.db, { tier: 'basic' });
    await onPage(env, PHONE, async (page) => {
      await page.goto('/login');
      await signIn(page, code, users.super_admin.email, TEST_PASSWORD);
      await page.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
      await page.getByRole('button', { name: 'Upgrade plan' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
      // The upgrade path from basic: premium only.
      await dialog.getByTestId('plan-premium').getByRole('button', { name: 'Upgrade to Premium Plan' }).waitFor();
      expect(await dialog.getByTestId('plan-basic').getByRole('button').count()).toBe(0);
      expect(await dialog.getByTestId('plan-free').getByRole('button').count()).toBe(0);
      expect(await fitsViewportWidth(page)).toBe(true);
      await dialog.getByRole('button', { name: 'Upgrade to Premium Plan' }).click();
      await page.getByRole('heading', { name: 'Payment' }).waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      await page.getByRole('button', { name: 'Pay ₹599' }).click();
      const upgraded = textShown(page, 'Upgrade Successful');
      await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Pay' }).click();
      await upgraded;
      await page.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
      await expectDrawerBadge(page, 'Premium · 30 days left');
      // Premium cannot upgrade further: no button.
      expect(await page.getByRole('button', { name: 'Upgrade plan' }).count()).toBe(0);
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`the super admin of a valid paid plan moves to the Free Trial from the subscription page, after confirming (${viewport.width}px)`, async () => {
      const { code, users } = await createChurch(env.app.db, { tier: 'premium', endDate: new Date(Date.now() + 20 * DAY_MS) });
      await onPage(env, viewport, async (page) => {
        await page.goto('/login');
        await signIn(page, code, users.super_admin.email, TEST_PASSWORD);
        await page.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
        await page.getByRole('link', { name: 'Manage plan' }).click();
        await page.getByRole('heading', { name: 'Subscription', exact: true }).waitFor();
        expect(pathOf(page)).toBe('/subscription');
        await page.getByTestId('current-plan').getByText('Premium Plan').waitFor();
        expect(await fitsViewportWidth(page)).toBe(true);
        await page.getByTestId('plan-free').getByRole('button', { name: 'Switch to Free Trial' }).click();
        const dialog = page.getByRole('dialog', { name: 'Switch to the Free Trial' });
        await dialog.getByText(/Nothing is deleted/).waitFor();
        // Cancelling changes nothing.
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByTestId('plan-free').getByRole('button', { name: 'Switch to Free Trial' }).click();
        await dialog.getByRole('button', { name: 'Switch to Free Trial' }).click();
        await page.getByText('Successfully downgraded to Free plan').waitFor();
        expect(await fitsViewportWidth(page)).toBe(true);
        await page.getByRole('link', { name: 'Go to Dashboard Now' }).click();
        await page.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
        if (viewport === PHONE) await expectDrawerBadge(page, 'Free Trial · 30 days left');
        else await page.getByTestId('subscription-badge').filter({ hasText: 'Free Trial · 30 days left' }).first().waitFor();
        // A free church has no paid plan to manage: the page sends it home.
        expect(await page.getByRole('link', { name: 'Manage plan' }).count()).toBe(0);
      });
    });
  }

  it('a principal of a valid paid plan is not offered it, and the subscription page sends them home', async () => {
    const { code, users } = await createChurch(env.app.db, { tier: 'basic' });
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, code, users.principal.email, TEST_PASSWORD);
      await page.getByRole('heading', { name: 'Principal Dashboard' }).waitFor();
      expect(await page.getByRole('link', { name: 'Manage plan' }).count()).toBe(0);
      await page.goto('/subscription');
      await page.getByRole('heading', { name: 'Principal Dashboard' }).waitFor();
      expect(pathOf(page)).toBe('/');
    });
  });

  it('a suspended church\'s super admin is told to contact support and offered no plan action', async () => {
    const { code, users } = await createChurch(env.app.db, { tier: 'free', status: 'suspended', endDate: new Date(Date.now() - DAY_MS) });
    await onPage(env, PHONE, async (page) => {
      await page.goto('/login');
      await signIn(page, code, users.super_admin.email, TEST_PASSWORD);
      const alert = page.getByRole('alert').filter({ hasText: 'suspended' });
      await alert.getByText(/contact support/).first().waitFor();
      await page.getByTestId('plan-basic').waitFor();
      for (const tier of ['free', 'basic', 'premium']) expect(await page.getByTestId(`plan-${tier}`).getByRole('button').count()).toBe(0);
      expect(await fitsViewportWidth(page)).toBe(true);
    });
  });

  it('when a change gets no answer from the server, the spec\'s fallback texts', async () => {
    const cutOff = (page: Page, procedure: string) => page.route(`**/trpc/*${procedure}*`, (route) => route.abort('connectionfailed'));
    const expired = await createChurch(env.app.db, { tier: 'free', endDate: new Date(Date.now() - DAY_MS) });
    const aborted = { allowErrors: /ERR_CONNECTION_FAILED|Failed to fetch|Failed to load resource/ };
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, expired.code, expired.users.super_admin.email, TEST_PASSWORD);
      await page.getByRole('alert').filter({ hasText: 'Free trial period ended' }).waitFor();
      await cutOff(page, 'subscription.extendTrial');
      await page.getByTestId('plan-free').getByRole('button', { name: 'Extend Free Trial' }).click();
      await page.getByRole('alert').filter({ hasText: 'Failed to process your selection. Please try again.' }).waitFor();
    }, aborted);
    const pending = await createChurch(env.app.db, { tier: 'basic', status: 'pending_payment', endDate: null });
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, pending.code, pending.users.super_admin.email, TEST_PASSWORD);
      const alert = page.getByRole('alert').filter({ hasText: 'Your payment is pending' });
      await cutOff(page, 'payments.retryPayment');
      await alert.getByRole('button', { name: 'Retry payment' }).click();
      await page.getByRole('alert').filter({ hasText: 'Failed to initiate payment. Please try again.' }).waitFor();
      await cutOff(page, 'subscription.downgradeToFree');
      await alert.getByRole('button', { name: 'Switch to Free Trial' }).click();
      const dialog = page.getByRole('dialog', { name: 'Switch to the Free Trial' });
      await dialog.getByRole('button', { name: 'Switch to Free Trial' }).click();
      await dialog.getByText('Failed to switch to free trial. Please contact support.').waitFor();
    }, aborted);
    const basic = await createChurch(env.app.db, { tier: 'basic' });
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, basic.code, basic.users.super_admin.email, TEST_PASSWORD);
      await page.getByRole('button', { name: 'Upgrade plan' }).click();
      await cutOff(page, 'payments.retryPayment');
      await page.getByRole('dialog', { name: 'Upgrade your plan' }).getByRole('button', { name: 'Upgrade to Premium Plan' }).click();
      await page.getByRole('alert').filter({ hasText: 'Upgrade failed. Please try again.' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: 'Manage plan' }).click();
      await cutOff(page, 'subscription.downgradeToFree');
      await page.getByTestId('plan-free').getByRole('button', { name: 'Switch to Free Trial' }).click();
      const dialog = page.getByRole('dialog', { name: 'Switch to the Free Trial' });
      await dialog.getByRole('button', { name: 'Switch to Free Trial' }).click();
      await dialog.getByText('Downgrade failed', { exact: true }).waitFor();
    }, aborted);
  });
});
