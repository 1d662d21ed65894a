import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { startTestApp } from '../helpers/app.js';
import { churches, paymentOrders } from '../../drizzle/schema/index.js';
import { SUBSCRIPTION_MESSAGES } from '../../common/subscription-messages.js';
import { DESKTOP, PHONE, fitsViewportWidth, onPage, pathOf, signIn, useAppAndBrowser } from '../helpers/browser.js';

// Register New Church and the payment screen, in Chromium, against the real server in test mode.
const WEBHOOK_SECRET = 'browser-webhook-secret';
const env = useAppAndBrowser(() => startTestApp({ REGISTER_MAX_PER_IP: '1000', UPI_VPA: 'sundayschool@okbank', RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET }));

/** Razorpay's signed `order.paid` event for an order, as it arrives after a UPI payment. */
function sendOrderPaid(orderId: string) {
  const body = JSON.stringify({
    entity: 'event', event: 'order.paid',
    payload: { payment: { entity: { id: `pay_upi_${orderId}`, order_id: orderId } }, order: { entity: { id: orderId } } },
  });
  return fetch(`${env.app.url}/api/payments/razorpay/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': `evt_${orderId}`,
      'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex'),
    },
    body,
  });
}

let counter = 0;
async function fillRegistration(page: Page, plan: 'Free Trial' | 'Basic Plan' | 'Premium Plan') {
  counter++;
  const tag = `${Date.now().toString(36)}b${counter}`;
  const email = `admin-${tag}@church-${tag}.test`;
  await page.getByText(plan, { exact: true }).click();
  await page.getByLabel('Church name').fill(`Browser Church ${tag}`);
  await page.getByLabel('Pincode').fill('682001');
  await page.getByLabel('Admin name').fill('Anna Admin');
  await page.getByLabel('Admin email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long enough password');
  return { email, password: 'a long enough password' };
}

describe('registering a church', () => {
  it('free, on a phone: the code is shown, "Sign in now" fills it in, and the super admin reaches the dashboard', async () => {
    await onPage(env, PHONE, async (page) => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Register a new church' }).click();
      await page.getByRole('heading', { name: 'Register New Church' }).waitFor();
      expect(pathOf(page)).toBe('/register');

      // Every field's message, exactly as the server's schema says it.
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      await page.getByText('Church name is required').waitFor();
      await page.getByText('Pincode is required').waitFor();
      await page.getByText('Admin name is required').waitFor();
      // Google sign-in is not configured on this server: a Gmail admin chooses a password like any other.
      const asked = page.waitForResponse((res) => res.url().includes('signInOptions'));
      await page.getByLabel('Admin email').fill('someone@gmail.com');
      await asked;
      await page.getByRole('textbox', { name: 'Password', exact: true }).waitFor();
      expect(await page.getByText('Please use Google Sign-In for Gmail accounts.').count()).toBe(0);
      expect(await fitsViewportWidth(page)).toBe(true);

      const admin = await fillRegistration(page, 'Free Trial');
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      const code = (await page.getByTestId('church-code').textContent())!;
      expect(code).toMatch(/^[A-Z2-9]{6}$/);
      await page.getByText('Your 30-day free trial has started.').waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);

      await page.getByRole('link', { name: 'Sign in now' }).click();
      expect(await page.getByLabel('Church Code').inputValue()).toBe(code);
      await signIn(page, code, admin.email, admin.password);
      await page.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
    });
  });

  it('paid, at desktop width: the payment screen in test mode, a failed then a successful payment, then sign-in', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/register');
      const admin = await fillRegistration(page, 'Premium Plan');
      await page.getByRole('button', { name: 'Continue to Payment ₹599' }).click();
      await page.getByRole('heading', { name: 'Payment' }).waitFor();
      expect(pathOf(page)).toBe('/payment');
      await page.getByText('Test mode', { exact: true }).waitFor();
      expect(await page.getByTestId('payment-amount').textContent()).toBe('₹599');
      // UPI: the QR code and the ID to type.
      await page.getByRole('img', { name: /UPI QR code to pay ₹599/ }).waitFor();
      expect(await page.getByTestId('upi-id').textContent()).toBe('sundayschool@okbank');
      const code = (await page.getByText(/Church code [A-Z2-9]{6}/).textContent())!.match(/[A-Z2-9]{6}$/)![0];

      await page.getByRole('button', { name: 'Pay ₹599' }).click();
      const checkout = page.getByRole('dialog', { name: 'Test checkout' });
      await checkout.getByRole('button', { name: 'Fail' }).click();
      await page.getByRole('alert').filter({ hasText: 'The payment did not go through. You can try again.' }).waitFor();

      await page.getByRole('button', { name: 'Pay ₹599' }).click();
      await checkout.getByRole('button', { name: 'Pay' }).click();
      // Paid: the church code to write down stays on screen until the admin goes on to sign in.
      const received = page.getByRole('status').filter({ hasText: `Payment received — your church code is ${code}` });
      await received.waitFor();
      expect(await received.getByTestId('church-code').textContent()).toBe(code);
      await received.getByText('Write it down: you, your principal and your teachers sign in with it.', { exact: true }).waitFor();
      await received.getByRole('button', { name: 'Continue to sign in' }).click();
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(pathOf(page)).toBe('/login');
      expect(await page.getByLabel('Church Code').inputValue()).toBe(code);
      await signIn(page, code, admin.email, admin.password);
      await page.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
    });
  });

  it('paid by UPI, on a phone: the screen waits for the confirmation and moves on when the webhook brings it', async () => {
    await onPage(env, PHONE, async (page) => {
      await page.goto('/register');
      await fillRegistration(page, 'Basic Plan');
      await page.getByRole('button', { name: 'Continue to Payment ₹299' }).click();
      await page.getByText(/^Waiting for confirmation/).waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      const link = new URL((await page.getByRole('link', { name: 'Open in a UPI app' }).getAttribute('href'))!);
      const orderId = link.searchParams.get('tr')!;
      expect(link.searchParams.get('am')).toBe('299.00');

      expect((await sendOrderPaid(orderId)).status).toBe(200);
      const received = page.getByRole('status').filter({ hasText: /^Payment received — your church code is [A-Z2-9]{6}/ });
      await received.waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      await received.getByRole('button', { name: 'Continue to sign in' }).click();
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(pathOf(page)).toBe('/login');
    });
  });

  it('paid by UPI after the platform suspended the church: the screen says the payment is held and stops waiting', async () => {
    await onPage(env, PHONE, async (page) => {
      await page.goto('/register');
      await fillRegistration(page, 'Basic Plan');
      await page.getByRole('button', { name: 'Continue to Payment ₹299' }).click();
      await page.getByText(/^Waiting for confirmation/).waitFor();
      const link = new URL((await page.getByRole('link', { name: 'Open in a UPI app' }).getAttribute('href'))!);
      const orderId = link.searchParams.get('tr')!;
      const [order] = await env.app.db.withPlatform((tx) => tx.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, orderId)));
      await env.app.db.withPlatform((tx) => tx.update(churches).set({ subscriptionStatus: 'suspended' }).where(eq(churches.id, order.churchId)));

      expect((await sendOrderPaid(orderId)).status).toBe(200);
      await page.getByRole('alert').filter({ hasText: SUBSCRIPTION_MESSAGES.paymentHeld }).waitFor({ timeout: 15_000 });
      expect(await page.getByText('Payment verified. Your plan is active.').count()).toBe(0);
      expect(pathOf(page)).toBe('/payment');
      const [church] = await env.app.db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.id, order.churchId)));
      expect([church.subscriptionStatus, church.subscriptionTier]).toEqual(['suspended', 'basic']);
    });
  });

  it('the payment screen without an order says there is nothing to pay', async () => {
    await onPage(env, PHONE, async (page) => {
      await page.goto('/payment');
      await page.getByText('There is no payment in progress here. Choose a plan first.').waitFor();
    });
  });
});
