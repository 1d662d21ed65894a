import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVER_RIBBON } from '../../common/constants.js';
import { startTestApp } from '../helpers/app.js';
import { DESKTOP, PHONE, newContext, onPage, openConsoleAsNewOperator, pathOf, signIn, signInAsDemo, useAppAndBrowser } from '../helpers/browser.js';
import { createAssociation, officerEmail } from '../helpers/associations.js';
import { TEST_PASSWORD } from '../helpers/fixtures.js';

// What every page has, whoever views it: exactly one h1 (the screen's title), and on a demo server
// (the test app, like `npm start` on the embedded database) the ribbon saying so, at a phone's width
// as at a desktop's, gone with DEMO=false. The church screens' h1 is checked by the walk of
// screens-on-a-phone.test.ts, which opens every screen of every role.

const env = useAppAndBrowser();


/** The screen's h1 count, once its title is there (a screen's data may still be loading). */
async function h1Count(page: Page) {
  await page.locator('h1').first().waitFor();
  return page.locator('h1').count();
}

/** The ribbon is on screen at the foot of the viewport, whole (no text cut off), its exact text. */
async function expectRibbon(page: Page) {
  const ribbon = page.getByRole('note').filter({ hasText: DEMO_SERVER_RIBBON });
  await ribbon.waitFor();
  expect(await ribbon.innerText()).toBe(DEMO_SERVER_RIBBON);
  const box = await ribbon.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, bottom: r.bottom, clipped: el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth,
      innerWidth: window.innerWidth, innerHeight: window.innerHeight, count: document.querySelectorAll('.demo-ribbon').length };
  });
  expect(box).toMatchObject({ left: 0, right: box.innerWidth, bottom: box.innerHeight, clipped: false, count: 1 });
}

/** Each entry of the signed-in frame's navigation, visited through it: one h1 on every screen. */
async function visitEveryScreen(page: Page) {
  const nav = page.locator('#dashboard-navigation, #console-navigation');
  const paths = await nav.getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(paths.length).toBeGreaterThan(1);
  for (const path of paths) {
    await nav.locator(`a[href="${path}"]`).first().click();
    await page.waitForURL((url) => url.pathname === path);
    expect(await h1Count(page), path).toBe(1);
  }
  return paths;
}

describe('one h1 on every page', () => {
  it('the signed-out pages: sign-in, registration, payment, password reset, Google callback, console sign-in', async () => {
    await onPage(env, DESKTOP, async (page) => {
      for (const path of ['/login', '/register', '/payment', '/reset-password/not-a-token', '/auth/google/callback', '/admin-login']) {
        await page.goto(path);
        expect(await h1Count(page), path).toBe(1);
      }
    }, { allowErrors: /40\d|Failed to load resource/ });
  });

  it('the screen of a church just registered', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/register');
      await page.getByText('Free Trial', { exact: true }).click();
      await page.getByLabel('Church name').fill(`Heading Church ${Date.now().toString(36)}`);
      await page.getByLabel('Pincode').fill('682001');
      await page.getByLabel('Admin name').fill('Hana Heading');
      await page.getByLabel('Admin email').fill(`hana.${Date.now().toString(36)}@church.example.org`);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long enough password');
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      await page.getByTestId('church-code').waitFor();
      expect(await page.locator('h1').count()).toBe(1);
    });
  });

  it('every screen of the operator console', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await openConsoleAsNewOperator(env, page);
      expect(await h1Count(page), 'overview').toBe(1);
      expect(await visitEveryScreen(page)).toHaveLength(9);
    });
  });

  it('every screen of an association\'s area', async () => {
    const { code } = await createAssociation(env.app.db, ['association_admin']);
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, code, officerEmail('association_admin', code), TEST_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/association');
      expect(await h1Count(page), 'dashboard').toBe(1);
      const nav = page.locator('#association-navigation');
      const paths = await nav.getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      expect(paths).toEqual(expect.arrayContaining(['/association', '/association/members', '/association/sections', '/association/circulars']));
      for (const path of paths) {
        await nav.locator(`a[href="${path}"]`).first().click();
        await page.waitForURL((url) => url.pathname === path);
        expect(await h1Count(page), path).toBe(1);
      }
    });
  });
});

describe('the spec\'s texts in the console', () => {
  it('church details that cannot be loaded say "Failed to load church details."', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await openConsoleAsNewOperator(env, page);
      await page.goto('/admin/dashboard/churches');
      // The connection drops as the details are asked for; the row's own values stay shown.
      await page.route((url) => url.pathname.includes('admin.churches.details'), (route) => route.abort('internetdisconnected'));
      await page.getByTestId('church-row').first().getByRole('button', { name: /^View Details/ }).click();
      const details = page.getByRole('dialog', { name: 'Church Details' });
      await details.getByText('Failed to load church details.', { exact: true }).waitFor();
    }, { allowErrors: /ERR_INTERNET_DISCONNECTED|Failed to load resource/ });
  });
});

describe('the demo server ribbon', () => {
  for (const [name, viewport] of [['a phone', PHONE], ['a desktop', DESKTOP]] as const) {
    it(`is on the sign-in page, a church screen and the console on ${name}`, async () => {
      await onPage(env, viewport, async (page) => {
        await page.goto('/login');
        await expectRibbon(page);
        await page.goto('/register');
        await expectRibbon(page);
        await signInAsDemo(page, 'principal');
        await expectRibbon(page);
        await page.goto('/students');
        await page.locator('h1').first().waitFor();
        await expectRibbon(page);
        expect(pathOf(page)).toBe('/students');
      });
      await onPage(env, viewport, async (page) => {
        await openConsoleAsNewOperator(env, page);
        await expectRibbon(page);
      });
    });
  }

  it('is absent with DEMO=false', async () => {
    const real = await startTestApp({ DEMO: 'false' });
    const context = await newContext(env, { baseURL: real.url, viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await page.locator('h1').waitFor();
      expect(await page.locator('.demo-ribbon').count()).toBe(0);
      expect(await page.getByText(DEMO_SERVER_RIBBON).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-demo'))).toBe(false);
    } finally {
      await context.close();
      await real.close();
    }
  });
});
