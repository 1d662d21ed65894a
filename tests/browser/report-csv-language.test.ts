import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoEmail } from '../../server/modules/demo/index.js';
import { INTL_LOCALE, type Locale } from '../../common/i18n/locales.js';
import { academicYearOf, DEFAULT_ACADEMIC_YEAR_CONFIG } from '../../common/academic-year.js';
import { addDays, dayOfWeek, todayIn } from '../../common/dates.js';
import { DEMO_CODE, DEMO_PASSWORD, DESKTOP, onPage, signInAsDemo, useAppAndBrowser } from '../helpers/browser.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

// The monthly summary's CSV has its column headings in the screen's language; on a screen in another
// language a box asks for English ones (for an office that wants them so). Desktop English: no box,
// English headings. A 390 px phone in Malayalam: the box fits, Malayalam headings, English when ticked.

const env = useAppAndBrowser();
const PHONE_390 = { width: 390, height: 844 };
const HEADINGS = ['reports.rollNo', 'reports.student', 'reports.present', 'reports.absent', 'reports.totalDays', 'reports.percentage'];
/** The last Sunday up to today in the demo church (Asia/Kolkata): the demo has marked it. */
const lastSunday = () => {
  const today = todayIn('Asia/Kolkata');
  return addDays(today, -dayOfWeek(today));
};

/** Chooses the report of 3rd A for the month of the last Sunday with the pickers, whose labels are in the language. */
async function openMarkedMonth(page: Page, locale: Locale) {
  const t = translatorOf(locale, ['reports']);
  const date = lastSunday();
  const monthName = new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'long', timeZone: 'UTC' })
    .format(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, 1));
  await page.goto('/reports');
  await page.getByRole('heading', { name: t('reports.title'), exact: true }).waitFor();
  const choose = async (label: string, option: (name: string) => boolean) => {
    await page.getByRole('combobox', { name: t(label), exact: true }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    const wanted = (await options.allTextContents()).find(option);
    expect(wanted, label).toBeDefined();
    await page.getByRole('listbox').getByRole('option', { name: wanted, exact: true }).click();
  };
  await choose('reports.academicYear', (name) => name === academicYearOf(date, DEFAULT_ACADEMIC_YEAR_CONFIG.start_month));
  await choose('reports.class', (name) => name === '3rd A');
  await choose('reports.month', (name) => name.includes(monthName) && name.includes(date.slice(0, 4)));
  await page.getByTestId('monthly-summary').waitFor();
}

/** Clicks the CSV button and answers the downloaded file's first line (without its byte order mark). */
async function csvHeadings(page: Page, label: string) {
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: label, exact: true }).click();
  const file = await downloaded;
  return (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/)[0];
}

describe('the CSV\'s column headings', () => {
  it('desktop, English: no box to tick, English headings', async () => {
    await onPage(env, DESKTOP, async (page) => {
      const en = translatorOf('en', ['reports']);
      await signInAsDemo(page, 'principal');
      await openMarkedMonth(page, 'en');
      expect(await page.getByTestId('csv-english').count()).toBe(0);
      expect(await csvHeadings(page, en('reports.downloadCsv'))).toBe('Roll No,Student,Present,Absent,Total Days,Percentage');
    });
  });

  it('a 390 px phone in Malayalam: Malayalam headings, English ones when the box is ticked; the box fits', async () => {
    await onPage(env, PHONE_390, async (page) => {
      const t = translatorOf('ml', ['reports']);
      const en = translatorOf('en', ['reports']);
      await signInChoosingLanguage(page, 'ml', { code: DEMO_CODE, email: demoEmail('teacher', DEMO_CODE), password: DEMO_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await openMarkedMonth(page, 'ml');
      const box = page.getByRole('checkbox', { name: t('reports.csvEnglish'), exact: true });
      await box.waitFor();
      expect(await box.isChecked()).toBe(false);
      await expectFitsPhone(page);
      const label = await page.getByTestId('csv-english').getByText(t('reports.csvEnglish'), { exact: true }).boundingBox();
      expect(label!.x).toBeGreaterThanOrEqual(0);
      expect(label!.x + label!.width).toBeLessThanOrEqual(PHONE_390.width);

      expect(await csvHeadings(page, t('reports.downloadCsv'))).toBe(HEADINGS.map((id) => t(id)).join(','));
      await box.check();
      expect(await csvHeadings(page, t('reports.downloadCsv'))).toBe(HEADINGS.map((id) => en(id)).join(','));
      await box.uncheck();
      expect(await csvHeadings(page, t('reports.downloadCsv'))).toContain('റോൾ നമ്പർ');
    });
  });
});
