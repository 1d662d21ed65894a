import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { demoEmail } from '../../server/modules/demo/index.js';
import { INTL_LOCALE, type Locale } from '../../common/i18n/locales.js';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { DEMO_CODE, DEMO_PASSWORD, PHONE, choose, onPage, openFromNavigation, useAppAndBrowser } from '../helpers/browser.js';
import { expectFitsPhone, expectNoneShown, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

const env = useAppAndBrowser();

const AREAS = ['common', 'classes', 'students', 'studentview'] as const;

/** The demo church's current academic year (its time zone, start month 6). */
const CURRENT_YEAR = academicYearOf(todayIn('Asia/Kolkata'), 6);

/** `t(id, values)` of a language over these screens' areas. */
const translator = (locale: Locale) => translatorOf(locale, AREAS);
const english = translator('en');

/** English texts of these screens that must not show on a page in another language. */
const ENGLISH_IDS = [
  'classes.title', 'classes.subtitleManager', 'classes.allClasses', 'classes.className', 'classes.teacher', 'classes.unassigned',
  'classes.add', 'students.title', 'students.subtitleAll', 'students.list', 'students.parentPhone', 'students.dateOfBirth',
  'students.add', 'studentview.title', 'studentview.subtitle', 'studentview.myClasses',
];

/** Signs in choosing the language on the sign-in screen (the choice becomes the user's own), then waits for the dashboard. */
async function signInAs(page: Page, role: 'principal' | 'teacher', locale: Locale) {
  await signInChoosingLanguage(page, locale, { code: DEMO_CODE, email: demoEmail(role, DEMO_CODE), password: DEMO_PASSWORD });
  await page.waitForURL((url) => url.pathname === '/');
}

const expectNoEnglish = (main: Locator) => expectNoneShown(main, Object.fromEntries(ENGLISH_IDS.map((id) => [id, english(id)])));

const columnHeaders = (table: Locator) => table.getByRole('columnheader').allTextContents();

describe.each(['ml', 'ta', 'hi'] as const)('classes and students in %s', (locale) => {
  const t = translator(locale);
  // Each language's run adds its own class: 9th with the language as its section.
  const section = locale.toUpperCase();
  const name = `Language Child ${section}`;

  it('a principal on a phone adds a class and a student to it in the language', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAs(page, 'principal', locale);
      const main = page.locator('main');

      // Class Management: headings, the table's columns, a refused and an accepted add.
      await openFromNavigation(page, '/classes');
      await page.getByRole('heading', { name: t('classes.title'), exact: true }).waitFor();
      await main.getByText(t('classes.subtitleManager'), { exact: true }).waitFor();
      const classes = page.getByTestId('classes-table');
      await classes.waitFor();
      expect(await columnHeaders(classes)).toEqual([
        t('classes.className'), t('classes.section'), t('classes.teacher'), t('classes.academicYear'), t('classes.students'), t('classes.actions'),
      ]);
      await classes.getByRole('row').filter({ hasText: 'LKG' }).getByText(t('classes.unassigned'), { exact: true }).waitFor();
      const form = page.getByTestId('class-form');
      // The shared schema's message, in the language.
      await form.getByRole('button', { name: t('classes.add'), exact: true }).click();
      await form.getByText(t('classes.classNameRequired'), { exact: true }).waitFor();
      await choose(page, form.getByRole('combobox', { name: t('classes.className'), exact: true }), '9th');
      await form.getByRole('textbox', { name: t('classes.section'), exact: true }).fill(section);
      await expectFitsPhone(page);
      await form.getByRole('button', { name: t('classes.add'), exact: true }).click();
      await page.getByText(t('classes.added'), { exact: true }).waitFor();
      await classes.getByRole('row').filter({ hasText: `9th` }).filter({ hasText: section }).waitFor();
      await expectFitsPhone(page);
      // The same class again: the server's refusal, in the language.
      await choose(page, form.getByRole('combobox', { name: t('classes.className'), exact: true }), '9th');
      await form.getByRole('textbox', { name: t('classes.section'), exact: true }).fill(section);
      await form.getByRole('button', { name: t('classes.add'), exact: true }).click();
      const duplicate = t('classes.duplicate', { className: '9th', section, hasSection: 'yes', academicYear: CURRENT_YEAR });
      await form.getByRole('alert').filter({ hasText: duplicate }).waitFor();
      await expectNoEnglish(main);

      // Students: a student into the new class; the date of birth in the language.
      await openFromNavigation(page, '/students');
      await page.getByRole('heading', { name: t('students.title'), exact: true }).waitFor();
      await main.getByText(t('students.list'), { exact: true }).waitFor();
      const filters = page.getByTestId('student-filters');
      await filters.getByRole('combobox', { name: t('students.academicYear'), exact: true }).waitFor();
      await filters.getByRole('searchbox', { name: t('students.search'), exact: true }).waitFor();
      const table = page.getByTestId('students-table');
      await table.waitFor();
      expect(await columnHeaders(table)).toEqual([
        t('students.rollNo'), t('students.name'), t('students.parentPhone'), t('students.dateOfBirth'), t('students.age'),
        t('students.parentEmail'), t('students.class'), t('students.academicYear'), t('students.actions'),
      ]);
      const studentForm = page.getByTestId('student-form');
      await studentForm.getByRole('button', { name: t('students.add'), exact: true }).click();
      await studentForm.getByText(t('students.nameRequired'), { exact: true }).waitFor();
      await studentForm.getByText(t('students.classRequired'), { exact: true }).waitFor();
      await studentForm.getByRole('textbox', { name: t('students.name'), exact: true }).fill(name);
      await studentForm.getByRole('textbox', { name: t('students.parentPhone'), exact: true }).fill('+91 98470 33333');
      const dob = studentForm.getByRole('textbox', { name: t('students.dateOfBirth'), exact: true });
      await dob.fill('15/06/2018');
      // The calendar names months (and weekdays) in the language.
      const calendar = page.locator('[class*="Popover-dropdown"]').filter({ has: page.locator('table') }).first();
      // It opens on the decade or on June 2018 (when the typed date is read first): from the decade, 2018's months.
      await calendar.locator('table').waitFor();
      const year2018 = calendar.locator('table button').filter({ hasText: /^2018$/ });
      if (await year2018.count()) await year2018.click();
      await expect.poll(() => calendar.innerText()).toMatch(/[\u0900-\u0D7F]/);
      expect(await calendar.innerText()).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Su|Mo|Tu)/);
      await dob.press('Escape');
      await choose(page, studentForm.getByRole('combobox', { name: t('students.class'), exact: true }), `9th ${section} (${CURRENT_YEAR})`);
      await expectFitsPhone(page);
      await studentForm.getByRole('button', { name: t('students.add'), exact: true }).click();
      await page.getByText(t('students.added'), { exact: true }).waitFor();
      const row = table.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      const born = new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' })
        .format(Date.UTC(2018, 5, 15));
      expect((await row.getByRole('cell').allTextContents())[3]).toBe(born);
      await row.getByRole('button', { name: `${t('common.editSubject', { subject: t('students.rowSubject', { name }) })}`, exact: true }).waitFor();
      await expectFitsPhone(page);
      await expectNoEnglish(main);
    }, { allowErrors: /status of 409/ });
  });

  it('a teacher on a phone reads Student View in the language', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAs(page, 'teacher', locale);
      const main = page.locator('main');
      await openFromNavigation(page, '/student-view');
      await page.getByRole('heading', { name: t('studentview.title'), exact: true }).waitFor();
      await main.getByText(t('studentview.subtitle'), { exact: true }).waitFor();
      await page.getByRole('heading', { name: t('studentview.myClasses'), exact: true }).waitFor();
      const card = page.getByTestId('my-class').first();
      await card.waitFor();
      expect(await card.innerText()).toMatch(new RegExp(t('studentview.classTeacher', { teacher: '.+' })));
      const table = page.getByTestId('student-view-table');
      await table.waitFor();
      expect(await columnHeaders(table)).toEqual([
        t('students.rollNo'), t('students.name'), t('students.parentPhone'), t('students.dateOfBirth'), t('students.age'), t('students.parentEmail'),
      ]);
      const count = await table.locator('tbody tr').count();
      await card.getByText(t('studentview.studentCount', { count }), { exact: true }).waitFor();
      await expectFitsPhone(page);
      await expectNoEnglish(main);
    });
  });
});
