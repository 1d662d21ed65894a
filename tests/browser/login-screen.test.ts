import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';
import { MESSAGES, SUPPORT_EMAIL } from '../../common/constants.js';
import { DEMO_CODE, DESKTOP, PHONE, fitsViewportWidth, launchBrowser, openPage, pathOf, signIn, startAppWithDemo } from './support.js';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startAppWithDemo(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the login screen', () => {
  it('a gmail address hides the password field and offers Google sign-in', async () => {
    const { page, errors, close } = await openPage(browser, app.url, PHONE);
    try {
      await page.goto('/login');
      const password = page.getByRole('textbox', { name: 'Password', exact: true });
      await password.waitFor();
      await page.getByLabel('Church Code').fill(DEMO_CODE);
      await page.getByLabel('Email').fill('someone@gmail.com');
      await password.waitFor({ state: 'detached' });
      expect(await page.getByRole('button', { name: 'Sign In', exact: true }).count()).toBe(0);
      await page.getByText(MESSAGES.useGoogleSignIn).waitFor();

      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await page.getByRole('status').filter({ hasText: MESSAGES.googleNotConfigured }).waitFor();

      // Back to an ordinary address: the password field returns.
      await page.getByLabel('Email').fill('someone@googlemail.com');
      await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
      await page.getByLabel('Email').fill('someone@example.org');
      await password.waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('uppercases the church code, limits it to 6 characters and validates like the server', async () => {
    const { page, errors, close } = await openPage(browser, app.url, DESKTOP);
    try {
      await page.goto('/login');
      const code = page.getByLabel('Church Code');
      await code.pressSequentially('demo01x');
      expect(await code.inputValue()).toBe('DEMO01');

      await code.fill('');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('Church code is required').waitFor();
      await page.getByText('Email is required').waitFor();
      await page.getByText('Password is required').waitFor();

      await code.fill('DEMO01');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('x');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('Please enter a valid email address').waitFor();
      expect(pathOf(page)).toBe('/login');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows the server message when sign-in fails', async () => {
    const { page, errors, close } = await openPage(browser, app.url, DESKTOP);
    try {
      await page.goto('/login');
      await signIn(page, DEMO_CODE, 'teacher@demo01.example.org', 'wrong-password');
      await page.getByRole('alert').filter({ hasText: MESSAGES.invalidCredentials }).waitFor();
      expect(pathOf(page)).toBe('/login');
      // The refused sign-in (401) is the only error the browser reports.
      expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the forgot-password dialog asks for the email only and confirms the request', async () => {
    const { page, errors, close } = await openPage(browser, app.url, PHONE);
    try {
      await page.goto('/login');
      await page.getByLabel('Email').fill('principal@demo01.example.org');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset your password' });
      await dialog.waitFor();
      expect(await dialog.getByRole('textbox').count()).toBe(1);
      expect(await dialog.getByLabel('Email').inputValue()).toBe('principal@demo01.example.org');
      await dialog.getByRole('button', { name: 'Send reset link' }).click();
      await dialog.getByText(MESSAGES.resetLinkSent).waitFor();
      await dialog.getByRole('button', { name: 'Back to sign in' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('links to church registration and support by mail', async () => {
    const { page, errors, close } = await openPage(browser, app.url, DESKTOP);
    try {
      await page.goto('/login');
      const register = page.getByRole('link', { name: 'Register a new church' });
      expect(await register.getAttribute('href')).toBe(
        `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(MESSAGES.registerChurchMailSubject)}`,
      );
      expect(await page.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
