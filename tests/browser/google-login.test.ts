import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { associationOfficers, users } from '../../drizzle/schema/index.js';
import { MESSAGES } from '../../common/constants.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createChurch } from '../helpers/fixtures.js';
import { createAssociation } from '../helpers/associations.js';
import { startFakeOidcProvider, type FakeOidcProvider } from '../helpers/fake-oidc.js';
import { freePort } from '../helpers/server-process.js';
import { DESKTOP, PHONE, SESSION_KEYS, fitsViewportWidth, onPage, pathOf, useAppAndBrowser } from '../helpers/browser.js';

// Google sign-in and registration in Chromium: the real server (its PUBLIC_URL on a port chosen up
// front, so the redirect URI brings the browser back to it) and the fake provider of the tests,
// which sends the browser straight back with a code, or with error=access_denied.

let google: FakeOidcProvider | undefined;
async function startAppWithGoogle(): Promise<TestApp> {
  google = await startFakeOidcProvider();
  const port = await freePort();
  const app = await startTestApp({
    ...google.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, REGISTER_MAX_PER_IP: '1000',
  });
  const html = await (await fetch(`${app.url}/login`)).text();
  if (!html.includes('id="root"')) {
    await app.close();
    throw new Error('The client is not built: run `npx vite build` before the browser tests.');
  }
  return app;
}
const env = useAppAndBrowser(startAppWithGoogle);
afterAll(async () => { await google?.close(); });

/** A church with a teacher on a Gmail address, made by an administrator: no password, no Google link yet. */
async function churchWithGmailTeacher() {
  const { church, code } = await createChurch(env.app.db, { roles: ['super_admin'] });
  const email = `teacher.${randomBytes(4).toString('hex')}@gmail.com`;
  await env.app.db.withTenant(church.id, (tx) => tx.insert(users).values({
    churchId: church.id, role: 'teacher', name: 'Gita Gmail', email, passwordHash: null,
  }));
  return { code, email };
}

describe('Google sign-in in the browser', () => {
  it('a Gmail teacher on a phone signs in through Google and reaches the dashboard; no horizontal scroll', async () => {
    const { code, email } = await churchWithGmailTeacher();
    google!.signInAs({ sub: `1${randomBytes(8).readBigUInt64BE()}`, email, name: 'Gita Gmail' });
    await onPage(env, PHONE, async (page) => {
      await page.goto('/login');
      await page.getByLabel('Church Code').fill(code);
      await page.getByLabel('Email').fill(email);
      await page.getByText(MESSAGES.useGoogleSignIn).waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      await page.getByRole('button', { name: 'Sign in with Google' }).click();

      await page.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
      expect(pathOf(page)).toBe('/');
      expect(google!.lastAuthorization()?.get('login_hint')).toBe(email);
      // Stored as after password sign-in: the session survives a reload.
      const stored = await page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), SESSION_KEYS);
      expect(stored[0]).toMatch(/^[\w-]{43}$/);
      expect(stored[1]).toBe(code);
      expect(await fitsViewportWidth(page)).toBe(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
      // The callback address is not left in the history with its code.
      expect(await page.evaluate(() => window.location.search)).toBe('');
    });
  });

  it('a Gmail association officer signs in through Google with the association\'s code and reaches its area', async () => {
    const { association, code, officers } = await createAssociation(env.app.db, ['association_admin']);
    const email = `officer.${randomBytes(4).toString('hex')}@gmail.com`;
    await env.app.db.withAssociation(association.id, (tx) => tx.update(associationOfficers).set({ email })
      .where(and(eq(associationOfficers.associationId, association.id), eq(associationOfficers.id, officers.association_admin.id))));
    google!.signInAs({ sub: `1${randomBytes(8).readBigUInt64BE()}`, email });
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await page.getByLabel('Church Code').fill(code);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await page.getByRole('heading', { name: association.name, level: 1 }).waitFor();
      expect(pathOf(page)).toBe('/association');
      // Stored as an officer's session: it survives a reload.
      await page.reload();
      await page.getByRole('heading', { name: association.name, level: 1 }).waitFor();
    });
  });

  it('a cancelled consent returns to sign-in with the message and the church code kept', async () => {
    const { code, email } = await churchWithGmailTeacher();
    google!.denyNext();
    await onPage(env, PHONE, async (page) => {
      await page.goto('/login');
      await page.getByLabel('Church Code').fill(code);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await page.getByRole('alert').filter({ hasText: MESSAGES.googleLoginFailed }).waitFor();
      expect(pathOf(page)).toBe('/login');
      expect(await page.getByLabel('Church Code').inputValue()).toBe(code);
      expect(await page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), SESSION_KEYS)).toEqual([null, null]);
      expect(await fitsViewportWidth(page)).toBe(true);
    });
  });

  it('a Google account with no user in the church sees the server\'s message and a way back', async () => {
    const { code } = await churchWithGmailTeacher();
    google!.signInAs({ sub: `1${randomBytes(8).readBigUInt64BE()}`, email: `stranger.${randomBytes(3).toString('hex')}@gmail.com` });
    await onPage(env, PHONE, async (page) => {
      await page.goto('/login');
      await page.getByLabel('Church Code').fill(code);
      await page.getByLabel('Email').fill('stranger@gmail.com');
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await page.getByRole('alert').filter({ hasText: MESSAGES.invalidCredentials }).waitFor();
      expect(pathOf(page)).toBe('/auth/google/callback');
      expect(await fitsViewportWidth(page)).toBe(true);
      await page.getByRole('link', { name: 'Back to sign in' }).click();
      expect(await page.getByLabel('Church Code').inputValue()).toBe(code);
    }, { allowErrors: /status of 401/ });
  });
});

describe('Google registration in the browser', () => {
  it('free, at desktop width: the church code is shown, and its super admin signs in with Google', async () => {
    const account = { sub: `1${randomBytes(8).readBigUInt64BE()}`, email: `founder.${randomBytes(4).toString('hex')}@gmail.com`, name: 'Faith Founder' };
    google!.signInAs(account);
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/register');
      await page.getByText('Free Trial', { exact: true }).click();
      // The church's details are checked before the browser leaves for Google.
      await page.getByRole('button', { name: 'Register with Google' }).click();
      await page.getByText('Church name is required').waitFor();
      expect(pathOf(page)).toBe('/register');

      await page.getByLabel('Church name').fill(`Google Church ${Date.now().toString(36)}`);
      await page.getByLabel('Pincode').fill('682001');
      await page.getByRole('button', { name: 'Register with Google' }).click();
      const code = (await page.getByTestId('church-code').textContent())!;
      expect(code).toMatch(/^[A-Z2-9]{6}$/);
      await page.getByText('Your 30-day free trial has started.').waitFor();

      await page.getByRole('link', { name: 'Sign in now' }).click();
      expect(await page.getByLabel('Church Code').inputValue()).toBe(code);
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await page.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
    });
  });

  it('paid, on a phone: the callback screen goes on to the payment screen, as a paid registration by form', async () => {
    google!.signInAs({ sub: `1${randomBytes(8).readBigUInt64BE()}`, email: `payer.${randomBytes(4).toString('hex')}@gmail.com`, name: 'Paul Payer' });
    await onPage(env, PHONE, async (page) => {
      await page.goto('/register');
      await page.getByText('Basic Plan', { exact: true }).click();
      await page.getByLabel('Church name').fill(`Paying Google Church ${Date.now().toString(36)}`);
      await page.getByLabel('Pincode').fill('682001');
      expect(await fitsViewportWidth(page)).toBe(true);
      await page.getByRole('button', { name: 'Register with Google' }).click();
      await page.getByRole('heading', { name: 'Payment' }).waitFor();
      expect(pathOf(page)).toBe('/payment');
      expect(await page.getByTestId('payment-amount').textContent()).toBe('₹299');
      expect(await fitsViewportWidth(page)).toBe(true);
    });
  });

  it('a registration whose answer never comes shows the spec\'s fallback, "Church registration failed"', async () => {
    google!.signInAs({ sub: `1${randomBytes(8).readBigUInt64BE()}`, email: `lost.${randomBytes(4).toString('hex')}@gmail.com`, name: 'Lola Lost' });
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/register');
      await page.getByText('Free Trial', { exact: true }).click();
      await page.getByLabel('Church name').fill(`Lost Google Church ${Date.now().toString(36)}`);
      await page.getByLabel('Pincode').fill('682001');
      // The connection drops as the callback screen sends the registration: no server message.
      await page.route('**/trpc/churches.register**', (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: 'Register with Google' }).click();
      await page.getByText('Church registration failed', { exact: true }).waitFor();
      expect(pathOf(page)).toBe('/auth/google/callback');
    }, { allowErrors: /ERR_INTERNET_DISCONNECTED|Failed to load resource/ });
  });
});
