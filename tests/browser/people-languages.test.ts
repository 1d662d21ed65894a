import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { demoEmail } from '../../server/modules/demo/index.js';
import { INTL_LOCALE, type Locale } from '../../common/i18n/locales.js';
import { todayIn } from '../../common/dates.js';
import { DEFAULT_ACADEMIC_YEAR_CONFIG } from '../../common/academic-year.js';
import { DEMO_CODE, DEMO_PASSWORD, PHONE, onPage, openFromNavigation, useAppAndBrowser } from '../helpers/browser.js';
import { expectFitsPhone, expectNoneShown, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

const env = useAppAndBrowser();

const AREAS = ['common', 'users', 'records', 'configuration'] as const;

/** `t(id, values)` of a language over these screens' areas. */
const translator = (locale: Locale) => translatorOf(locale, AREAS);
const english = translator('en');

/** English texts of these screens that must not show on a page in another language. */
const ENGLISH_IDS = [
  'users.teachersTitle', 'users.usersTitle', 'users.teachers', 'users.allUsers', 'users.name', 'users.assignedClasses',
  'users.status', 'users.addUser', 'users.addTeacher', 'users.addedAsTeacher', 'records.title', 'records.savedRecords',
  'records.save', 'records.notes', 'records.addTitle', 'configuration.title', 'configuration.startMonth',
  'configuration.yearsAhead', 'configuration.save',
];

/** The demo church keeps Asia/Kolkata time (server/modules/demo/seed.ts). */
const today = () => todayIn('Asia/Kolkata');

/** Signs in choosing the language on the sign-in screen (the choice becomes the user's own), then waits for the dashboard. */
async function signInAs(page: Page, role: 'principal' | 'superadmin', locale: Locale) {
  await signInChoosingLanguage(page, locale, { code: DEMO_CODE, email: demoEmail(role, DEMO_CODE), password: DEMO_PASSWORD });
  await page.waitForURL((url) => url.pathname === '/');
}

/** No English text of these screens' catalogues in the page's main content. */
const expectNoEnglish = (main: Locator) => expectNoneShown(main, Object.fromEntries(ENGLISH_IDS.map((id) => [id, english(id)])));

/** A notification (or other text) of the page, shown in full. */
const shown = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe.each(['ml', 'ta', 'hi'] as const)('people, records and configuration in %s', (locale) => {
  const t = translator(locale);
  const teacherName = `Language Teacher ${locale}`;
  const monthName = (date: string) => new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'long', timeZone: 'UTC' })
    .format(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, 1));

  it('a principal on a phone adds a teacher, adds a session record and saves the configuration in the language', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAs(page, 'principal', locale);
      const main = page.locator('main');

      // Teacher Management: add a teacher.
      await openFromNavigation(page, '/teachers');
      await page.getByRole('heading', { name: t('users.teachersTitle'), exact: true }).waitFor();
      await main.getByRole('heading', { name: t('users.teachers'), exact: true }).waitFor();
      await main.getByText(t('users.addedAsTeacher'), { exact: true }).waitFor();
      await main.getByTestId('teachers-table').getByRole('columnheader', { name: t('users.assignedClasses'), exact: true }).waitFor();
      const userForm = page.getByTestId('user-form');
      await userForm.getByRole('button', { name: t('users.addTeacher'), exact: true }).click();
      await userForm.getByText(t('users.nameRequired'), { exact: true }).waitFor();
      await userForm.getByRole('textbox', { name: t('users.name') }).fill(teacherName);
      await userForm.locator('input[type="email"]').fill(`language-teacher-${locale}@example.org`);
      await userForm.locator('input[type="password"]').fill('a-long-password-1');
      await expectFitsPhone(page);
      await userForm.getByRole('button', { name: t('users.addTeacher'), exact: true }).click();
      await shown(page, t('users.teacherCreated'));
      await main.getByTestId('teacher-row').filter({ hasText: teacherName }).waitFor();
      await expectFitsPhone(page);
      await expectNoEnglish(main);

      // Session Records: add a record of today; its month follows the date, named in the language.
      const date = today();
      await openFromNavigation(page, '/records');
      await page.getByRole('heading', { name: t('records.title'), exact: true }).waitFor();
      const recordForm = page.getByTestId('record-form');
      await recordForm.getByRole('heading', { name: t('records.addTitle'), exact: true }).waitFor();
      await recordForm.getByRole('button', { name: t('records.save'), exact: true }).click();
      await recordForm.getByText(t('records.notesRequired'), { exact: true }).waitFor();
      await recordForm.getByLabel(t('records.date')).fill(date);
      expect(await recordForm.getByRole('combobox', { name: t('records.month') }).inputValue()).toBe(monthName(date));
      await recordForm.getByRole('textbox', { name: t('records.notes') }).fill(`A lesson in ${locale}.`);
      await expectFitsPhone(page);
      await recordForm.getByRole('button', { name: t('records.save'), exact: true }).click();
      await shown(page, t('records.saved'));
      const item = page.getByTestId('record-item').filter({ hasText: `A lesson in ${locale}.` });
      await item.waitFor();
      expect(await item.innerText()).toContain(monthName(date));
      await main.getByRole('heading', { name: t('records.savedRecords'), exact: true }).waitFor();
      await expectFitsPhone(page);
      await expectNoEnglish(main);

      // Academic Year Configuration: the example names the months in the language; save it.
      await openFromNavigation(page, '/configuration');
      await page.getByRole('heading', { name: t('configuration.title'), exact: true }).waitFor();
      const example = page.getByTestId('config-example');
      await expect.poll(() => example.innerText()).toContain(monthName(`2026-${String(DEFAULT_ACADEMIC_YEAR_CONFIG.start_month).padStart(2, '0')}-01`));
      await main.getByRole('textbox', { name: t('configuration.yearsAhead') }).waitFor();
      await expectFitsPhone(page);
      await main.getByRole('button', { name: t('configuration.save'), exact: true }).click();
      await shown(page, t('configuration.updated'));
      await expectFitsPhone(page);
      await expectNoEnglish(main);
    });
  });

  it('a super admin on a phone deactivates and activates that teacher in the language', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAs(page, 'superadmin', locale);
      const main = page.locator('main');
      await openFromNavigation(page, '/users');
      await page.getByRole('heading', { name: t('users.usersTitle'), exact: true }).waitFor();
      await main.getByRole('heading', { name: t('users.allUsers'), exact: true }).waitFor();
      await page.getByTestId('users-table').getByRole('columnheader', { name: t('users.status'), exact: true }).waitFor();
      await main.getByText(t('users.roleSuperAdmin'), { exact: true }).first().waitFor();
      await expectFitsPhone(page);

      const row = page.getByTestId('user-row').filter({ hasText: teacherName });
      await row.getByRole('button', { name: t('users.deactivateName', { name: teacherName }), exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(t('users.confirmDeactivate', { name: teacherName }), { exact: true }).waitFor();
      await expectFitsPhone(page);
      await dialog.getByRole('button', { name: t('users.deactivate'), exact: true }).click();
      await shown(page, t('users.userDeactivated'));
      await row.getByText(t('users.inactive'), { exact: true }).waitFor();
      await row.getByRole('button', { name: t('users.activateName', { name: teacherName }), exact: true }).click();
      await shown(page, t('users.userActivated'));
      await row.getByText(t('users.active'), { exact: true }).waitFor();
      // The row's button again, its spinner gone (a fading spinner is wider than its box).
      await row.getByRole('button', { name: t('users.deactivateName', { name: teacherName }), exact: true }).waitFor();
      await expect.poll(() => row.locator('.mantine-Button-loader').count()).toBe(0);
      await expectFitsPhone(page);
      await expectNoEnglish(main);
    });
  });
});
