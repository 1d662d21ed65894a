import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DEMO_CODE, DEMO_PASSWORD, DESKTOP, choose, onPage, openFromNavigation, signIn, signInAsDemo, useAppAndBrowser,
} from '../helpers/browser.js';
import { demoEmail } from '../../server/modules/demo/index.js';
import dashboardMl from '../../common/i18n/catalogues/dashboard/ml.json';
import configurationMl from '../../common/i18n/catalogues/configuration/ml.json';

const env = useAppAndBrowser();

const pageLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe("the church's default language", () => {
  it('the super admin sets Malayalam in Configuration; the page and a principal who chose none follow it, after a reload too', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'superadmin');
      await openFromNavigation(page, '/configuration');
      const card = page.getByRole('form', { name: 'Church Language' });
      await card.waitFor();
      // The cards above it (follow-up, weekly digest) settle first: a card that grows as its data
      // arrives moves this one while its list is being opened.
      await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
      const select = card.getByRole('combobox', { name: 'Default Language', exact: true });
      expect(await select.inputValue()).toBe('English');

      await choose(page, select, 'മലയാളം');
      await card.getByRole('button', { name: 'Save Language' }).click();
      await page.getByText('Church language saved').waitFor();
      // The session is asked again: the super admin chose no language of their own, so the page switches.
      await expect.poll(() => pageLanguage(page)).toBe('ml');
      const malayalam = page.getByRole('form', { name: configurationMl['configuration.language.title'] });
      await malayalam.waitFor();
      expect(await malayalam.getByRole('combobox').inputValue()).toBe('മലയാളം');

      await page.reload();
      await malayalam.waitFor();
      expect(await pageLanguage(page)).toBe('ml');
    });

    await onPage(env, DESKTOP, async (page) => {
      // The sign-in screen of a new browser speaks English; the dashboard behind it, the church's Malayalam.
      await page.goto('/login');
      await signIn(page, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);
      await page.getByRole('heading', { name: dashboardMl['dashboard.title.principal'] }).waitFor();
      expect(await pageLanguage(page)).toBe('ml');
      await openFromNavigation(page, '/configuration');
      await page.getByRole('heading', { name: configurationMl['configuration.title'], exact: true }).waitFor();
      // The church's language is the super admin's to set.
      expect(await page.getByRole('form', { name: configurationMl['configuration.language.title'] }).count()).toBe(0);
      expect(await page.getByRole('form', { name: 'Church Language' }).count()).toBe(0);
    });
  });
});
