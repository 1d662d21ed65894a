import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCALE_NAMES, type Locale } from '../../common/i18n/locales.js';
import {
  DESKTOP, PHONE, fitsViewportWidth, newContext, onPage, openConsoleAsNewOperator, signInAsDemo, useAppAndBrowser,
} from '../helpers/browser.js';

const env = useAppAndBrowser();

/** An area's messages in one language, as the catalogue file has them (its `@` entries are notes). */
function catalogue(area: string, locale: Locale): Record<string, string> {
  const file = JSON.parse(readFileSync(new URL(`../../common/i18n/catalogues/${area}/${locale}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(file).filter((entry): entry is [string, string] => !entry[0].startsWith('@')));
}

/** The language picker on the sign-in screen and in the header. */
const pickerOf = (page: Page) => page.getByTestId('language-picker');

async function choose(page: Page, locale: Locale) {
  await pickerOf(page).selectOption(locale);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
}

/** Buttons, links and selects whose text does not fit their box (a long translation on a phone). */
const overflowingControls = (page: Page) =>
  page.evaluate(() => {
    const controls = [...document.querySelectorAll('button, a, select, [role="button"]')];
    return controls
      .flatMap((control) => [control, ...control.querySelectorAll('*')])
      .filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent ?? el.outerHTML.slice(0, 80));
  });

/** The sign-in screen speaks `locale`: its title, fields, buttons and links are the catalogue's. */
async function expectSignInScreenIn(page: Page, locale: Locale) {
  const auth = catalogue('auth', locale);
  await page.getByRole('heading', { level: 1, name: auth['auth.appName'] }).waitFor();
  await page.getByText(auth['auth.signInSubtitle'], { exact: true }).waitFor();
  await page.getByLabel(auth['auth.churchCode']).waitFor();
  await page.getByLabel(auth['auth.email']).waitFor();
  await page.getByRole('textbox', { name: auth['auth.password'], exact: true }).waitFor();
  await page.getByRole('button', { name: auth['auth.signIn'], exact: true }).waitFor();
  await page.getByRole('button', { name: auth['auth.forgotPassword'] }).waitFor();
  await page.getByRole('link', { name: auth['auth.registerChurch'] }).waitFor();
  expect(await pickerOf(page).getAttribute('aria-label')).toBe(catalogue('common', locale)['common.language']);
  expect(await pickerOf(page).inputValue()).toBe(locale);
}

async function expectFitsWidth(page: Page) {
  expect(await fitsViewportWidth(page)).toBe(true);
  expect(await overflowingControls(page)).toEqual([]);
}

describe('the language picker', () => {
  for (const [name, viewport] of [['a 375 px phone', PHONE], ['a desktop', DESKTOP]] as const) {
    it(`on ${name}, മലയാളം turns the sign-in screen into Malayalam, and a reload keeps it`, async () => {
      await onPage(env, viewport, async (page) => {
        await page.goto('/login');
        await expectSignInScreenIn(page, 'en');
        // Each language is offered by its own name.
        expect(await pickerOf(page).locator('option').allTextContents()).toEqual(Object.values(LOCALE_NAMES));

        await choose(page, 'ml');
        await expectSignInScreenIn(page, 'ml');
        await expectFitsWidth(page);
        expect(await page.getByRole('button', { name: 'Sign In', exact: true }).count()).toBe(0);

        // Before anyone signs in, the choice is this browser's.
        expect(await page.evaluate(() => localStorage.getItem('sundayschool.language'))).toBe('ml');
        await page.reload();
        await expectSignInScreenIn(page, 'ml');
      });
    });
  }

  for (const locale of ['ta', 'hi'] as const) {
    it(`on a 375 px phone the sign-in screen fits in ${LOCALE_NAMES[locale]}`, async () => {
      await onPage(env, PHONE, async (page) => {
        await page.goto('/login');
        await choose(page, locale);
        await expectSignInScreenIn(page, locale);
        await expectFitsWidth(page);
      });
    });
  }

  it('the browser\'s language is the first guess: a Tamil browser opens the sign-in screen in Tamil', async () => {
    const context = await newContext(env, { viewport: PHONE, locale: 'ta-IN' });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await expectSignInScreenIn(page, 'ta');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ta');
    } finally {
      await context.close();
    }
  });

  it('the header\'s picker switches the signed-in frame, which still fits a phone', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');
      await choose(page, 'ml');
      const dashboard = catalogue('dashboard', 'ml');
      const common = catalogue('common', 'ml');
      await page.getByRole('heading', { level: 1, name: dashboard['dashboard.title.teacher'] }).waitFor();
      await page.getByRole('button', { name: common['common.logout'] }).waitFor();
      await page.getByRole('button', { name: common['common.openNavigation'] }).click();
      await page.locator('#dashboard-navigation').getByRole('link', { name: dashboard['dashboard.nav.markAttendance'] }).waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
    });
  });

  it('the operator console stays English after Hindi was chosen', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await choose(page, 'hi');
      await expectSignInScreenIn(page, 'hi');

      const devanagari = /[\u0900-\u097F]/;
      await page.goto('/admin-login');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.locator('body').innerText()).not.toMatch(devanagari);

      await openConsoleAsNewOperator(env, page); // waits for its English Logout
      await page.getByRole('navigation', { name: 'Console navigation' }).waitFor();
      expect(await page.locator('body').innerText()).not.toMatch(devanagari);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    });
  });
});
