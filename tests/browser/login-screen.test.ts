import { describe, expect, it } from 'vitest';
import { MESSAGES, SUPPORT_EMAIL } from '../../common/constants.js';
import {
  DEMO_CODE, DESKTOP, PHONE, fitsViewportWidth, onPage, pathOf, signIn, useAppAndBrowser,
} from '../helpers/browser.js';

const env = useAppAndBrowser();

describe('the login screen', () => {
  it('a gmail address keeps the password field while the server has no Google sign-in configured', async () => {
    await onPage(env, PHONE, async (page) => {
      await page.goto('/login');
      const password = page.getByRole('textbox', { name: 'Password', exact: true });
      await password.waitFor();
      await page.getByLabel('Church Code').fill(DEMO_CODE);
      // The screen asks the server whether Google is configured once a Gmail address is typed.
      const asked = page.waitForResponse((res) => res.url().includes('signInOptions'));
      await page.getByLabel('Email').fill('someone@gmail.com');
      expect(JSON.stringify(await (await asked).json())).toContain('"google":false');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(await password.isVisible()).toBe(true);
      expect(await page.getByText(MESSAGES.useGoogleSignIn).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Sign in with Google' }).count()).toBe(0);

      // Signing in goes to the server with the password, which answers as for any address.
      await password.fill('not the password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText(MESSAGES.invalidCredentials).waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
    }, { allowErrors: /status of 401/ });
  });

  it('uppercases the church code, limits it to 6 characters and validates like the server', async () => {
    await onPage(env, DESKTOP, async (page) => {
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
    });
  });

  it('checks its form with zod run without eval: no Content-Security-Policy violation', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await page.getByLabel('Church Code').waitFor();
      // The schemas are fetched and defined when the form is first used, after this listener.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { violations: string[] }).violations = seen;
        document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
      });
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('Church code is required').waitFor();
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    });
  });

  it('shows the server message when sign-in fails', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, DEMO_CODE, 'teacher@demo01.example.org', 'wrong-password');
      await page.getByRole('alert').filter({ hasText: MESSAGES.invalidCredentials }).waitFor();
      expect(pathOf(page)).toBe('/login');
      // The refused sign-in (401) is the only error the browser reports.
    }, { allowErrors: /status of 401/ });
  });

  it('the forgot-password dialog asks for the email only and confirms the request', async () => {
    await onPage(env, PHONE, async (page) => {
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
    });
  });

  it('links to church registration and support by mail', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      const register = page.getByRole('link', { name: 'Register a new church' });
      expect(await register.getAttribute('href')).toBe('/register');
      expect(await page.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
    });
  });
});
