import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { setupI18n } from '@lingui/core';
import { compileCatalogue, type ArbFile } from '../../common/i18n/compile.js';
import { INTL_LOCALE, type Locale } from '../../common/i18n/locales.js';
import { createChurch, TEST_PASSWORD } from '../helpers/fixtures.js';
import { jpegSample } from '../helpers/media-samples.js';
import { PHONE, fitsViewportWidth, onPage, useAppAndBrowser } from '../helpers/browser.js';

const env = useAppAndBrowser();

const AREAS = ['common', 'gallery', 'subscription'] as const;
const DAY_MS = 86_400_000;

const arbOf = (area: string, locale: Locale) =>
  JSON.parse(readFileSync(new URL(`../../common/i18n/catalogues/${area}/${locale}.json`, import.meta.url), 'utf8')) as ArbFile;

/** `t(id, values)` of a language, from its catalogue files (as the client formats them). */
function translatorOf(locale: Locale) {
  const messages = Object.assign({}, ...AREAS.map((area) => compileCatalogue(arbOf(area, locale)))) as Record<string, string>;
  const i18n = setupI18n({ locale, locales: [INTL_LOCALE[locale]], messages: { [locale]: messages } });
  return (id: string, values?: Record<string, unknown>) => i18n._(id, values);
}
const english = translatorOf('en');

/** English texts of these screens that must not show on a page in another language. */
const ENGLISH_IDS = [
  'gallery.title', 'gallery.intro', 'gallery.uploadMedia', 'gallery.clearFilters', 'gallery.academicYear', 'gallery.month',
  'gallery.department', 'gallery.dropTitle', 'gallery.upload', 'gallery.titleLabel', 'subscription.title', 'subscription.plans',
  'subscription.currentPlan', 'subscription.extendTrial', 'subscription.questions', 'subscription.logoutLater',
  'subscription.reason.trial_ended', 'subscription.choosePlanBelow',
];

/** Chooses the language with the sign-in screen's picker, then signs in by the inputs' types, not their
 * labels (which follow the language). The choice becomes the user's own. */
async function signInIn(page: Page, locale: Locale, code: string, email: string) {
  await page.goto('/login');
  await page.getByTestId('language-picker').selectOption(locale);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
  const form = page.locator('form').filter({ has: page.locator('input[type="password"]') });
  await form.locator('input:not([type="email"]):not([type="password"]):not([type="hidden"])').first().fill(code);
  await form.locator('input[type="email"]').fill(email);
  await form.locator('input[type="password"]').fill(TEST_PASSWORD);
  await form.locator('button[type="submit"]').click();
}

/** No English text of these screens' catalogues in `area`. */
async function expectNoEnglish(area: Locator) {
  for (const id of ENGLISH_IDS) expect(await area.getByText(english(id), { exact: true }).count(), id).toBe(0);
}

/** Every button's text fits the button: no button, nor anything inside one, is wider than its box. */
const overflowingButtons = (area: Locator) => area.evaluate((root) => [...root.querySelectorAll('button')]
  .filter((button) => [button, ...button.querySelectorAll('*')].some((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1))
  .map((button) => button.textContent));

async function expectFitsPhone(page: Page, area: Locator) {
  expect(await fitsViewportWidth(page)).toBe(true);
  expect(await overflowingButtons(area)).toEqual([]);
}

describe.each(['ml', 'ta', 'hi'] as const)('gallery and subscription in %s', (locale) => {
  const t = translatorOf(locale);

  it('a principal on a phone uploads a photo to the gallery and deletes it, every text in the language', async () => {
    const { code, users } = await createChurch(env.app.db);
    await onPage(env, PHONE, async (page) => {
      await signInIn(page, locale, code, users.principal.email);
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/gallery');
      const main = page.locator('main');
      await page.getByRole('heading', { name: t('gallery.title'), exact: true }).waitFor();
      await main.getByText(t('gallery.intro'), { exact: true }).waitFor();
      await page.getByTestId('gallery-empty').getByText(t('gallery.empty'), { exact: true }).waitFor();
      for (const id of ['gallery.academicYear', 'gallery.month', 'gallery.department']) {
        await main.getByRole('textbox', { name: t(id), exact: true }).or(main.getByRole('combobox', { name: t(id), exact: true })).first().waitFor();
      }
      await main.getByRole('button', { name: t('gallery.clearFilters'), exact: true }).waitFor();
      await expectFitsPhone(page, main);
      await expectNoEnglish(main);

      // The upload form: its labels, a check in the language, then an upload whose message is in it.
      await main.getByRole('button', { name: t('gallery.uploadMedia'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t('gallery.uploadMedia'), exact: true });
      const title = dialog.getByRole('textbox', { name: t('gallery.titleLabel'), exact: true });
      await title.waitFor();
      await dialog.getByText(t('gallery.dropTitle'), { exact: true }).waitFor();
      await dialog.getByRole('button', { name: t('gallery.upload'), exact: true }).click();
      await dialog.getByText(t('gallery.titleRequired'), { exact: true }).waitFor();
      await title.fill('Picnic');
      await dialog.getByRole('button', { name: t('gallery.upload'), exact: true }).click();
      await dialog.getByText(t('gallery.selectFiles'), { exact: true }).waitFor();
      await expectFitsPhone(page, dialog);
      await expectNoEnglish(dialog);
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'picnic.jpg', mimeType: 'image/jpeg', buffer: await jpegSample() });
      await dialog.getByTestId('chosen-file').waitFor();
      await dialog.getByRole('button', { name: t('gallery.upload'), exact: true }).click();
      await page.getByText(t('gallery.uploaded'), { exact: true }).waitFor();

      // The card, and its delete in the language.
      const card = page.getByTestId('media-card').filter({ hasText: 'Picnic' });
      await card.getByRole('button', { name: t('gallery.openItem', { title: 'Picnic' }), exact: true }).waitFor();
      await expectFitsPhone(page, main);
      await card.getByRole('button', { name: t('gallery.deleteItem', { title: 'Picnic' }), exact: true }).click();
      const confirm = page.getByRole('dialog', { name: t('gallery.deleteTitle'), exact: true });
      await confirm.getByText(t('gallery.confirmDelete'), { exact: true }).waitFor();
      await confirm.getByRole('button', { name: t('common.cancel'), exact: true }).waitFor();
      await expectFitsPhone(page, confirm);
      await confirm.getByRole('button', { name: t('gallery.delete'), exact: true }).click();
      await page.getByText(t('gallery.deleted'), { exact: true }).waitFor();
    });
  });

  it('the super admin of an ended trial reads the subscription page in the language and extends the trial', async () => {
    const { code, users } = await createChurch(env.app.db, { tier: 'free', endDate: new Date(Date.now() - 2 * DAY_MS) });
    await onPage(env, PHONE, async (page) => {
      await signInIn(page, locale, code, users.super_admin.email);
      await page.waitForURL((url) => url.pathname === '/subscription');
      const main = page.locator('main');
      await page.getByRole('heading', { name: t('subscription.title'), exact: true }).waitFor();
      await page.getByRole('alert').filter({ hasText: t('subscription.reason.trial_ended') }).waitFor();
      await main.getByText(t('subscription.choosePlanBelow'), { exact: true }).waitFor();
      await page.getByRole('heading', { name: t('subscription.plans'), exact: true }).waitFor();
      await page.getByTestId('current-plan').getByText(t('subscription.currentPlan'), { exact: true }).waitFor();
      await page.getByTestId('plan-basic').getByText(t('subscription.plan.basic'), { exact: true }).waitFor();
      await page.getByTestId('plan-basic').getByText('₹299').waitFor();
      await main.getByRole('button', { name: t('subscription.logoutLater'), exact: true }).waitFor();
      // The header's picker shows the language chosen at sign-in.
      expect(await main.getByTestId('language-picker').inputValue()).toBe(locale);
      await expectFitsPhone(page, main);
      await expectNoEnglish(main);

      await page.getByTestId('plan-free').getByRole('button', { name: t('subscription.extendTrial'), exact: true }).click();
      await page.getByText(t('subscription.trialExtended', { days: 30 }), { exact: true }).waitFor();
      await page.getByRole('link', { name: t('subscription.goToDashboard'), exact: true }).waitFor();
      await expectFitsPhone(page, main);
    });
  });
});
