import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { OPERATOR_MESSAGES } from '../../common/constants.js';
import { platformOperators } from '../../drizzle/schema/index.js';
import { hashPassword } from '../../server/modules/credentials/index.js';
import { OPERATOR_TEST_PASSWORD, signInNewOperator } from '../helpers/fixtures.js';
import { totpCode } from '../helpers/totp.js';
import { DESKTOP, PHONE, fitsViewportWidth, onPage, openConsoleAs, pathOf, useAppAndBrowser } from '../helpers/browser.js';

const env = useAppAndBrowser();
const LEGACY_TOKEN_KEY = 'sundayschool.operator.token';

/** An operator as the start-time bootstrap leaves it: a password, no second factor yet. */
async function bootstrapOperator() {
  const email = `boot-${randomBytes(4).toString('hex')}@platform.test`;
  await env.app.db.withPlatform(async (tx) => tx.insert(platformOperators)
    .values({ email, name: 'Bootstrap Operator', passwordHash: await hashPassword(OPERATOR_TEST_PASSWORD) }));
  return email;
}

async function enterPassword(page: Page, email: string) {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(OPERATOR_TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const nothingStored = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => /operator/i.test(key)));

describe('operator sign-in with a second factor', () => {
  it('enrols at the first sign-in on a phone: QR code and key, a first code, recovery codes once; a recovery code signs in once', async () => {
    const email = await bootstrapOperator();
    await onPage(env, PHONE, async (page) => {
      await enterPassword(page, email);
      await page.getByRole('heading', { name: 'Set up two-step verification' }).waitFor();
      const qr = page.getByTestId('enrolment-qr');
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
      const secret = (await page.getByTestId('enrolment-secret').innerText()).trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(await fitsViewportWidth(page)).toBe(true);

      const codeBox = page.getByRole('textbox', { name: 'First code from the app' });
      const right = totpCode(secret);
      await codeBox.fill(String((Number(right) + 1) % 1_000_000).padStart(6, '0'));
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page.getByRole('alert').getByText(OPERATOR_MESSAGES.invalidCode).waitFor();
      await codeBox.fill(right);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();

      await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
      const codes = (await page.getByTestId('recovery-codes').innerText()).trim().split('\n');
      expect(codes).toHaveLength(10);
      expect(await fitsViewportWidth(page)).toBe(true);
      await page.getByRole('button', { name: 'I have saved these codes' }).click();
      await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
      expect(await nothingStored(page)).toEqual([]);

      // Signed out, back in with a recovery code: straight to the console, no codes shown again.
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/admin-login');
      await enterPassword(page, email);
      await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
      await page.getByRole('textbox', { name: 'Authentication code' }).fill(codes[0]);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
      expect(await page.getByRole('heading', { name: 'Save your recovery codes' }).count()).toBe(0);

      // The same recovery code does not work twice.
      await page.context().clearCookies();
      await enterPassword(page, email);
      await page.getByRole('textbox', { name: 'Authentication code' }).fill(codes[0]);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page.getByRole('alert').getByText(OPERATOR_MESSAGES.invalidCode).waitFor();
      expect(pathOf(page)).toBe('/admin-login');
    }, { allowErrors: /status of 401/ });
  });

  it('forgets a token an earlier version kept in localStorage, which opens nothing', async () => {
    const { token } = await signInNewOperator(env.app.db, env.app.url);
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/admin-login');
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LEGACY_TOKEN_KEY, token]);
      await page.goto('/admin/dashboard');
      await page.waitForURL((url) => url.pathname === '/admin-login');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(await page.evaluate((key) => localStorage.getItem(key), LEGACY_TOKEN_KEY)).toBeNull();
      // The shared helper opens the console with the session's cookie instead.
      await openConsoleAs(page, { token });
      expect(pathOf(page)).toBe('/admin/dashboard');
    });
  });
});
