import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../common/constants.js';
import { PASSWORD_MESSAGES } from '../../common/schemas/password.js';
import { startTestApp } from '../helpers/app.js';
import { createChurch, TEST_PASSWORD } from '../helpers/fixtures.js';
import { createAssociation, officerEmail } from '../helpers/associations.js';
import { resetLinkIn, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { DESKTOP, PHONE, fitsViewportWidth, newContext, onPage, signIn, textShown, useAppAndBrowser } from '../helpers/browser.js';

// Forgot password to a new password, as a person does it: the dialog, the mail arriving at a real
// SMTP server, the link opening the reset page, its checks, and what the reset changes afterwards.

let smtp: TestSmtpServer;
beforeAll(async () => { smtp = await startSmtpServer(); });
afterAll(async () => { await smtp?.close(); });

const env = useAppAndBrowser(async () => {
  const app = await startTestApp({ SMTP_URL: smtp.url, RESET_MAX_PER_IP: '1000', RESET_MAX_PER_EMAIL: '1000', RESET_PASSWORD_MAX_PER_IP: '1000' });
  const html = await (await fetch(`${app.url}/login`)).text();
  if (!html.includes('id="root"')) {
    await app.close();
    throw new Error('The client is not built: run `npx vite build` before the browser tests.');
  }
  return app;
});

const NEW_PASSWORD = 'a fresh new passphrase';
const passwordBox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

describe('password reset', () => {
  it('from "Forgot password?" to a new password: the old one fails, an old session is gone', async () => {
    const { code, users } = await createChurch(env.app.db);
    const email = users.teacher.email;

    // Signed in elsewhere (another browser) before the reset.
    const elsewhere = await newContext(env, { viewport: DESKTOP });
    try {
      const old = await elsewhere.newPage();
      await old.goto('/login');
      await signIn(old, code, email, TEST_PASSWORD);
      await old.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();

      await onPage(env, DESKTOP, async (page) => {
        await page.goto('/login');
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        const dialog = page.getByRole('dialog', { name: 'Reset your password' });
        await dialog.getByLabel('Email').fill(email);
        await dialog.getByRole('button', { name: 'Send reset link' }).click();
        await dialog.getByText(MESSAGES.resetLinkSent).waitFor();

        const mail = await smtp.waitFor((m) => m.to.includes(email));
        const { link } = resetLinkIn(mail);
        await page.goto(new URL(link).pathname);
        await page.getByRole('heading', { name: 'Reset your password' }).waitFor();

        const newPassword = passwordBox(page, 'New Password');
        const confirm = passwordBox(page, 'Confirm Password');
        await newPassword.fill(NEW_PASSWORD);
        await confirm.fill('not the same passphrase');
        await page.getByRole('button', { name: 'Reset Password' }).click();
        await page.getByText(PASSWORD_MESSAGES.mismatch).waitFor();
        await newPassword.fill('short');
        await confirm.fill('short');
        await page.getByRole('button', { name: 'Reset Password' }).click();
        await page.getByText(PASSWORD_MESSAGES.tooShort).waitFor();

        await newPassword.fill(NEW_PASSWORD);
        await confirm.fill(NEW_PASSWORD);
        const succeeded = textShown(page, PASSWORD_MESSAGES.resetSuccessful);
        await page.getByRole('button', { name: 'Reset Password' }).click();
        await succeeded;
        // Then to sign in, by itself, after 2.5 seconds.
        await page.waitForURL('**/login');

        await signIn(page, code, email, TEST_PASSWORD);
        await page.getByRole('alert').filter({ hasText: MESSAGES.invalidCredentials }).waitFor();
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await page.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
      }, { allowErrors: /status of 401/ });

      // The session of the other browser ended with the reset: its next load signs it out.
      await old.reload();
      await old.waitForURL('**/login');
      await old.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    } finally {
      await elsewhere.close();
    }
  });

  it('an association officer: the same dialog and reset page, then sign-in with the association\'s code opens its area', async () => {
    const { association, code } = await createAssociation(env.app.db, ['association_admin']);
    const email = officerEmail('association_admin', code);
    await onPage(env, PHONE, async (page) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset your password' });
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Send reset link' }).click();
      await dialog.getByText(MESSAGES.resetLinkSent).waitFor();

      const mail = await smtp.waitFor((m) => m.to.includes(email));
      expect(mail.subject).toContain(association.name);
      await page.goto(new URL(resetLinkIn(mail).link).pathname);
      await passwordBox(page, 'New Password').fill(NEW_PASSWORD);
      await passwordBox(page, 'Confirm Password').fill(NEW_PASSWORD);
      const succeeded = textShown(page, PASSWORD_MESSAGES.resetSuccessful);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await succeeded;
      await page.waitForURL('**/login');

      await signIn(page, code, email, NEW_PASSWORD);
      await page.getByRole('heading', { name: association.name, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/association');
    });
  });

  it('a used or unknown link shows the message and the way back to sign in; the page fits a phone', async () => {
    await onPage(env, PHONE, async (page) => {
      await page.goto(`/reset-password/${'A'.repeat(43)}`);
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      await passwordBox(page, 'New Password').fill(NEW_PASSWORD);
      await passwordBox(page, 'Confirm Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('alert').filter({ hasText: PASSWORD_MESSAGES.invalidResetLink }).waitFor();
      expect(await passwordBox(page, 'New Password').count()).toBe(0);
      expect(await fitsViewportWidth(page)).toBe(true);
      await page.getByRole('link', { name: 'Back to sign in' }).click();
      await page.waitForURL('**/login');
    }, { allowErrors: /status of 400/ });
  });
});
