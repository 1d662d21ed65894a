import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { Locale } from '../../common/i18n/locales.js';
import { createChurch, TEST_PASSWORD } from '../helpers/fixtures.js';
import { jpegSample } from '../helpers/media-samples.js';
import { PHONE, onPage, openFromNavigation, useAppAndBrowser } from '../helpers/browser.js';
import { expectFitsPhone, expectNoneShown, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

const env = useAppAndBrowser();

const AREAS = ['common', 'gallery', 'subscription'] as const;
const DAY_MS = 86_400_000;

/** `t(id, values)` of a language over these screens' areas. */
const translator = (locale: Locale) => translatorOf(locale, AREAS);
const english = translator('en');

/** English texts of these screens that must not show on a page in another language. */
const ENGLISH_IDS = [
  'gallery.title', 'gallery.intro', 'gallery.uploadMedia', 'gallery.clearFilters', 'gallery.academicYear', 'gallery.month',
  'gallery.department', 'gallery.dropTitle', 'gallery.upload', 'gallery.titleLabel', 'subscription.title', 'subscription.plans',
  'subscription.currentPlan', 'subscription.extendTrial', 'subscription.questions', 'subscription.logoutLater',
  'subscription.reason.trial_ended', 'subscription.choosePlanBelow',
];

/** No English text of these screens' catalogues in `area`. */
const expectNoEnglish = (area: Locator) => expectNoneShown(area, Object.fromEntries(ENGLISH_IDS.map((id) => [id, english(id)])));

describe.each(['ml', 'ta', 'hi'] as const)('gallery and subscription in %s', (locale) => {
  const t = translator(locale);

  it('a principal on a phone uploads a photo to the gallery and deletes it, every text in the language', async () => {
    const { code, users } = await createChurch(env.app.db);
    await onPage(env, PHONE, async (page) => {
      await signInChoosingLanguage(page, locale, { code, email: users.principal.email, password: TEST_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await openFromNavigation(page, '/gallery');
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
      await signInChoosingLanguage(page, locale, { code, email: users.super_admin.email, password: TEST_PASSWORD });
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
