import { describe, expect, it } from 'vitest';
import { demoEmail } from '../../server/modules/demo/index.js';
import { MESSAGES } from '../../common/constants.js';
import {
  DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, SESSION_KEYS, fitsViewportWidth, isOnScreen, onPage, pathOf,
  recordTrpcCalls, signIn, signInAsDemo, useAppAndBrowser,
} from '../helpers/browser.js';
import { signIn as signInThroughApi } from '../helpers/church-session.js';

const env = useAppAndBrowser();

const ROLES = [
  { role: 'superadmin', title: 'Super Admin Dashboard', name: 'Sam Superadmin',
    tabs: ['Overview', 'Class Management', 'Student Management', 'User Management', 'Attendance Reports', 'Follow-up', 'Exams', 'Substitutes', 'Gallery', 'Records', 'Configuration', 'Access log'] },
  { role: 'principal', title: 'Principal Dashboard', name: 'Priya Principal',
    tabs: ['Overview', 'Classes', 'Students', 'Teachers', 'Attendance Reports', 'Follow-up', 'Exams', 'Substitutes', 'Gallery', 'Records', 'Configuration'] },
  { role: 'teacher', title: 'Teacher Dashboard', name: 'Thomas Teacher',
    tabs: ['Overview', 'Classes', 'Students', 'Mark Attendance', 'Attendance Reports', 'Follow-up', 'Exams', 'Substitutes', 'Student View'] },
] as const;

const SIZES = [
  { label: '1280px', viewport: DESKTOP, mobile: false },
  { label: '375px', viewport: PHONE, mobile: true },
] as const;

describe('signing in to the dashboard', () => {
  for (const { role, title, name, tabs } of ROLES) {
    for (const { label, viewport, mobile } of SIZES) {
      it(`${role} at ${label}: dashboard, reload keeps the session, logout clears it`, async () => {
        await onPage(env, viewport, async (page) => {
          // Signed out: / leads to /login.
          await page.goto('/');
          await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
          expect(pathOf(page)).toBe('/login');

          await signIn(page, DEMO_CODE.toLowerCase(), demoEmail(role, DEMO_CODE), DEMO_PASSWORD);
          await page.getByRole('heading', { name: title }).waitFor();
          expect(pathOf(page)).toBe('/');
          await page.getByTestId('church-code').filter({ hasText: DEMO_CODE }).waitFor();
          await page.getByTestId('usage-card').getByText('Students').waitFor();
          await page.getByTestId('usage-students').getByText('24 / Unlimited').waitFor();

          // Header: church name, subscription badge, greeting (in the drawer on a phone), Logout.
          await page.getByTestId('church-name').filter({ hasText: `Demo Church ${DEMO_CODE}` }).waitFor();
          const overview = page.getByRole('link', { name: 'Overview' });
          if (mobile) {
            expect(await isOnScreen(page, '#dashboard-navigation')).toBe(false);
            await page.getByRole('button', { name: 'Open navigation' }).click();
            await page.waitForFunction(() => {
              const box = document.querySelector('#dashboard-navigation')!.getBoundingClientRect();
              return box.left >= 0 && box.width > 0;
            });
            await overview.waitFor();
            await page.locator('#dashboard-navigation').getByText(`Hello, ${name}`).waitFor();
            await page.locator('#dashboard-navigation').getByText(/^Premium · \d+ days left$/).waitFor();
            await overview.click(); // choosing an entry closes the drawer
            await page.getByRole('button', { name: 'Open navigation' }).waitFor();
          } else {
            await overview.waitFor();
            await page.getByTestId('greeting').filter({ hasText: `Hello, ${name}` }).waitFor();
            await page.locator('header').getByText(/^Premium · \d+ days left$/).waitFor();
          }
          // Only the entries whose screens exist are shown.
          expect(await page.locator('#dashboard-navigation a').allTextContents()).toEqual(tabs);
          expect(await fitsViewportWidth(page)).toBe(true);

          // A reload restores the stored session through auth.verify.
          const verified = page.waitForResponse((r) => r.url().includes('/trpc/auth.verify'));
          await page.reload();
          expect((await verified).status()).toBe(200);
          await page.getByRole('heading', { name: title }).waitFor();
          expect(pathOf(page)).toBe('/');

          // Unknown paths go home.
          await page.goto('/no-such-screen');
          await page.getByRole('heading', { name: title }).waitFor();
          expect(pathOf(page)).toBe('/');

          // Logout revokes the session and forgets it.
          const loggedOut = page.waitForResponse((r) => r.url().includes('/trpc/auth.logout'));
          await page.getByRole('button', { name: 'Logout' }).click();
          expect((await loggedOut).status()).toBe(200);
          await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
          expect(pathOf(page)).toBe('/login');
          const stored = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), SESSION_KEYS);
          expect(stored).toEqual([null, null]);
          expect(await page.evaluate(() => localStorage.getItem('sundayschool.session.churchDay'))).toBeNull();

          await page.reload();
          await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
          expect(pathOf(page)).toBe('/login');
          await page.goto('/');
          await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
          expect(pathOf(page)).toBe('/login');
        });
      });
    }
  }

  it('a reload of the dashboard asks for the session and the plan usage in one request (then, the session known, the day at a glance)', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');
      const calls = recordTrpcCalls(page);
      await page.reload();
      await page.getByTestId('usage-students').getByText('24 / Unlimited').waitFor();
      await page.waitForLoadState('networkidle');
      expect(calls).toEqual(['auth.verify,subscription.usage', 'dashboard.today']);
    });
  });

  it('a signed-in user with a valid subscription is sent from /subscription to /', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'principal');
      await page.goto('/subscription');
      await page.getByRole('heading', { name: 'Principal Dashboard' }).waitFor();
      expect(pathOf(page)).toBe('/');
    });
  });

  it('signing out in one tab signs the other tabs out', async () => {
    await onPage(env, DESKTOP, async (page, errors) => {
      await signInAsDemo(page, 'teacher');
      const other = await page.context().newPage();
      other.setDefaultTimeout(30_000);
      other.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      await other.goto('/');
      await other.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();

      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      await other.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(pathOf(other)).toBe('/login');
    });
  });

  it('a session that cannot be verified for lack of network, and whose check this device has not kept, is kept, with a retry', async () => {
    await onPage(env, PHONE, async (page) => {
      // Signed in elsewhere and stored here: the device has no answer of its check (a session whose
      // check it kept opens signed in from it, tests/browser/offline-reads.test.ts).
      const principal = await signInThroughApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);
      await page.goto('/login');
      await page.evaluate(([tokenKey, codeKey, token, code]) => {
        localStorage.setItem(tokenKey, token);
        localStorage.setItem(codeKey, code);
      }, [...SESSION_KEYS, principal.token, DEMO_CODE]);

      // Any request that carries auth.verify, alone or batched with the screen's first calls in any order.
      const carriesVerify = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('auth.verify');
      await page.route(carriesVerify, (route) => route.abort('internetdisconnected'));
      await page.goto('/');
      await page.getByRole('alert').filter({ hasText: MESSAGES.sessionCheckFailed }).waitFor();
      const stored = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), SESSION_KEYS);
      expect(stored.every((value) => value !== null)).toBe(true);

      await page.unroute(carriesVerify);
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { name: 'Principal Dashboard' }).waitFor();
      // Only the refused network requests were reported.
    }, { allowErrors: /net::ERR_INTERNET_DISCONNECTED/ });
  });

  it('a stored session that the server no longer knows is cleared and leads to /login', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await page.evaluate(([tokenKey, codeKey]) => {
        localStorage.setItem(tokenKey, 'not-a-real-session-token');
        localStorage.setItem(codeKey, 'DEMO01');
      }, SESSION_KEYS);
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(pathOf(page)).toBe('/login');
      const stored = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), SESSION_KEYS);
      expect(stored).toEqual([null, null]);
      // The refused verify call is the only error the browser reports.
    }, { allowErrors: /status of 401/ });
  });
});
