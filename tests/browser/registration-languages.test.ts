import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startTestApp } from '../helpers/app.js';
import type { Locale } from '../../common/i18n/locales.js';
import { PHONE, onPage, pathOf, useAppAndBrowser } from '../helpers/browser.js';
import { expectFitsPhone, expectNoneShown, translatorOf } from '../helpers/languages.js';

// Register New Church and the payment screen in Malayalam, Tamil and Hindi: nobody is signed in, so
// the language is chosen with the registration screen's own picker.
const env = useAppAndBrowser(() => startTestApp({ REGISTER_MAX_PER_IP: '1000', UPI_VPA: 'sundayschool@okbank' }));

const AREAS = ['common', 'registration', 'payments'] as const;

/** `t(id, values)` of a language over these screens' areas. */
const translator = (locale: Locale) => translatorOf(locale, AREAS);
const english = translator('en');

/** English texts of these screens that must not show on a page in another language. */
const ENGLISH_IDS = [
  'registration.title', 'registration.subtitle', 'registration.churchDetails', 'registration.adminAccount',
  'registration.startFreeTrial', 'registration.backToLogin', 'registration.nameRequired', 'registration.registeredTitle',
  'registration.trialStarted', 'registration.basicPlan', 'common.tier.free',
  'payments.title', 'payments.testMode', 'payments.verified', 'payments.writeItDown', 'payments.continueToSignIn', 'payments.back', 'payments.cancel', 'payments.copy', 'payments.waiting',
];

/** A plan's limit line as the card writes it from the plan's numbers. */
const limitLine = (t: ReturnType<typeof translator>, kind: 'principals' | 'teachers' | 'students' | 'classes', count: number) =>
  t(`registration.limit.${kind}`, { count, unlimited: count < 0 ? 'yes' : 'no' });

const expectNoEnglish = (main: Locator) => expectNoneShown(main, {
  ...Object.fromEntries(ENGLISH_IDS.map((id) => [id, english(id)])),
  // The Basic plan's cards line, whole, as English would write it.
  'registration.limit': ['principals', 'teachers', 'students', 'classes']
    .map((kind, i) => limitLine(english, kind as 'principals', [1, 10, 50, 20][i])).join(' · '),
});

let counter = 0;

/** Opens Register New Church and chooses the language with its picker. */
async function openInLanguage(page: Page, locale: Locale) {
  await page.goto('/register');
  await page.getByTestId('language-picker').selectOption(locale);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
}

/** Fills the form by the labels of the language (the plan is chosen by the caller). */
async function fillForm(page: Page, t: ReturnType<typeof translator>) {
  counter++;
  const tag = `${Date.now().toString(36)}l${counter}`;
  await page.getByLabel(t('registration.churchName')).fill(`Language Church ${tag}`);
  await page.getByLabel(t('registration.pincode')).fill('682001');
  await page.getByLabel(t('registration.adminName')).fill('Anna Admin');
  await page.getByLabel(t('registration.adminEmail')).fill(`admin-${tag}@church-${tag}.test`);
  await page.getByRole('textbox', { name: t('registration.password'), exact: true }).fill('a long enough password');
}

describe.each(['ml', 'ta', 'hi'] as const)('registering a church in %s', (locale) => {
  const t = translator(locale);

  it('on a phone: the form, its messages and the success screen speak the language chosen with the picker', async () => {
    await onPage(env, PHONE, async (page) => {
      await openInLanguage(page, locale);
      const main = page.locator('main');
      await page.getByRole('heading', { name: t('registration.title'), exact: true }).waitFor();
      await main.getByText(t('registration.subtitle'), { exact: true }).waitFor();
      await main.getByText(t('common.tier.free'), { exact: true }).waitFor();
      await main.getByText(t('registration.basicPlan'), { exact: true }).waitFor();
      await main.getByText(t('registration.planPrice', { price: '₹299', days: 30 }), { exact: true }).waitFor();
      // Each card's limits, written from the plan's numbers in the language.
      expect(await page.getByTestId('choose-basic').getByTestId('plan-lines').innerText())
        .toBe([limitLine(t, 'principals', 1), limitLine(t, 'teachers', 10), limitLine(t, 'students', 50), limitLine(t, 'classes', 20)].join(' · '));
      await page.getByRole('heading', { name: t('registration.churchDetails'), exact: true }).waitFor();
      await page.getByRole('link', { name: t('registration.backToLogin') }).waitFor();

      // The schema's messages, in the language.
      await page.getByRole('button', { name: t('registration.startFreeTrial'), exact: true }).click();
      await main.getByText(t('registration.nameRequired'), { exact: true }).waitFor();
      await main.getByText(t('registration.pincodeRequired'), { exact: true }).waitFor();
      await main.getByText(t('registration.adminNameRequired'), { exact: true }).waitFor();
      await expectFitsPhone(page);
      await expectNoEnglish(main);

      await fillForm(page, t);
      await page.getByLabel(t('registration.pincode')).fill('012345');
      await page.getByRole('button', { name: t('registration.startFreeTrial'), exact: true }).click();
      await main.getByText(t('registration.pincodeFormat'), { exact: true }).waitFor();
      await page.getByLabel(t('registration.pincode')).fill('682001');
      await page.getByRole('button', { name: t('registration.startFreeTrial'), exact: true }).click();

      // The success screen.
      const registered = page.getByTestId('registered');
      await registered.waitFor();
      await registered.getByRole('heading', { name: t('registration.registeredTitle'), exact: true }).waitFor();
      await registered.getByText(t('registration.trialStarted'), { exact: true }).waitFor();
      await registered.getByRole('link', { name: t('registration.signInNow'), exact: true }).waitFor();
      await expectFitsPhone(page);
      await expectNoEnglish(main);
    });
  });

  it('on a phone: a paid church goes to the payment screen, pays in test mode and is told so in the language', async () => {
    await onPage(env, PHONE, async (page) => {
      await openInLanguage(page, locale);
      const main = page.locator('main');
      await main.getByText(t('registration.basicPlan'), { exact: true }).click();
      await fillForm(page, t);
      await page.getByRole('button', { name: t('registration.continueToPayment', { amount: '₹299' }), exact: true }).click();

      await page.getByRole('heading', { name: t('payments.title'), exact: true }).waitFor();
      expect(pathOf(page)).toBe('/payment');
      await main.getByText(t('payments.testMode'), { exact: true }).waitFor();
      await main.getByText(t('payments.basicFor30Days'), { exact: true }).waitFor();
      await page.getByRole('heading', { name: t('payments.payByCard', { amount: '₹299' }), exact: true }).waitFor();
      await page.getByRole('button', { name: t('payments.back'), exact: true }).waitFor();
      const upi = page.getByTestId('upi-payment');
      await upi.getByRole('heading', { name: t('payments.payByUpi', { amount: '₹299' }), exact: true }).waitFor();
      await upi.getByText(t('payments.orUpiId'), { exact: true }).waitFor();
      await upi.getByText(t('payments.waiting'), { exact: true }).waitFor();
      await expectFitsPhone(page);
      await expectNoEnglish(main);

      await page.getByRole('button', { name: t('payments.payAmount', { amount: '₹299' }), exact: true }).click();
      const checkout = page.getByRole('dialog', { name: t('payments.testCheckout') });
      await checkout.getByText(t('payments.testPayQuestion', { amount: '₹299' }), { exact: true }).waitFor();
      await checkout.getByRole('button', { name: t('payments.pay'), exact: true }).click();
      const received = page.getByRole('status').filter({ hasText: /—/ });
      await received.waitFor();
      const code = (await received.getByTestId('church-code').textContent())!;
      await received.getByText(t('payments.receivedCode', { code }), { exact: true }).waitFor();
      await received.getByText(t('payments.writeItDown'), { exact: true }).waitFor();
      await received.getByRole('button', { name: t('payments.continueToSignIn'), exact: true }).waitFor();
      await expectFitsPhone(page);
      await expectNoEnglish(main);
    });
  });
});
