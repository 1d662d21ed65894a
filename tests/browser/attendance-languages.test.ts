import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { demoEmail } from '../../server/modules/demo/index.js';
import { INTL_LOCALE, type Locale } from '../../common/i18n/locales.js';
import { academicYearOf, DEFAULT_ACADEMIC_YEAR_CONFIG } from '../../common/academic-year.js';
import { addDays, todayIn } from '../../common/dates.js';
import { formatTimeOfDay } from '../../common/i18n/time-of-day.js';
import { DEMO_CODE, DEMO_PASSWORD, PHONE, SESSION_KEYS, onPage, openFromNavigation, pathOf, useAppAndBrowser } from '../helpers/browser.js';
import { expectFitsPhone, expectNoneShown, expectSheetFitsPhones, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

const env = useAppAndBrowser();

const AREAS = ['attendance', 'reports'] as const;

/** `t(id, values)` of a language over these screens' areas. */
const translator = (locale: Locale) => translatorOf(locale, AREAS);
const english = translator('en');

/** English texts of these screens that must not show on a page in another language. */
const ENGLISH_IDS = [
  'attendance.title', 'attendance.markAllPresent', 'attendance.present', 'attendance.absent', 'attendance.marked',
  'attendance.classLabel', 'reports.title', 'reports.monthlyTab', 'reports.calendarTab', 'reports.downloadCsv',
  'reports.academicYear', 'reports.student', 'reports.summaryLegend',
];

/** The demo church keeps Asia/Kolkata time (server/modules/demo/seed.ts). */
const today = () => todayIn('Asia/Kolkata');

/** Signs in choosing the language on the sign-in screen (the choice becomes the user's own), then waits for the dashboard. */
async function signInAsTeacher(page: Page, locale: Locale) {
  await signInChoosingLanguage(page, locale, { code: DEMO_CODE, email: demoEmail('teacher', DEMO_CODE), password: DEMO_PASSWORD });
  await page.waitForURL((url) => url.pathname === '/');
}

/** The sheet's state line: its data-state, and its text. */
const sheetState = async (main: Locator) => {
  const state = main.getByTestId('sheet-state');
  await state.waitFor();
  return { state: await state.getAttribute('data-state'), text: await state.innerText() };
};

/** No English text of these screens' catalogues in the page's main content. */
const expectNoEnglish = (main: Locator) => expectNoneShown(main, Object.fromEntries(ENGLISH_IDS.map((id) => [id, english(id)])));

/** A weekday (the demo seeds Sundays) of the last fortnight no other test marks: one per language. */
const unmarkedDay = (index: number) => {
  const days = Array.from({ length: 10 }, (_, i) => addDays(today(), -3 - i))
    .filter((date) => new Date(`${date}T00:00:00Z`).getUTCDay() !== 0);
  return days[index];
};

describe.each(['ml', 'ta', 'hi'] as const)('attendance in %s', (locale) => {
  const t = translator(locale);
  const monthName = (date: string) => new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'long', timeZone: 'UTC' })
    .format(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, 1));

  it('a teacher on a phone marks attendance and reads the monthly report in the language, kept after a reload', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAsTeacher(page, locale);
      const main = page.locator('main');

      // Mark Attendance: the class's students, every text in the language.
      await openFromNavigation(page, '/attendance');
      await page.getByRole('heading', { name: t('attendance.title'), exact: true }).waitFor();
      await main.locator('select').selectOption({ label: '3rd A' });
      const rows = page.getByTestId('attendance-row');
      await expect.poll(() => rows.count()).toBe(8);

      // A day not marked yet says so in the language, every child's "present" only a default; the
      // sheet fits a 360 and a 390 px phone.
      const classId = new URL(page.url()).searchParams.get('class')!;
      await page.goto(`/attendance?class=${classId}&date=${unmarkedDay(['ml', 'ta', 'hi'].indexOf(locale))}`);
      await expect.poll(() => rows.count()).toBe(8);
      expect(await sheetState(main)).toEqual({ state: 'not-marked', text: t('attendance.notMarkedYet') });
      expect(await rows.evaluateAll((els) => els.filter((el) => el.hasAttribute('data-provisional')).length)).toBe(8);
      await expectSheetFitsPhones(page);
      await page.goto(`/attendance?class=${classId}`);
      await expect.poll(() => rows.count()).toBe(8);
      await main.getByText(t('attendance.studentCount', { count: 8 }), { exact: true }).waitFor();
      // The first student's mark flips (each language's run saves the same sheet of today).
      const first = rows.first();
      const next = (await first.getAttribute('data-status')) === 'present' ? 'absent' : 'present';
      await first.getByText(t(`attendance.${next}`), { exact: true }).click();
      await expect.poll(() => first.getAttribute('data-status')).toBe(next);
      await main.getByText(t('attendance.unsaved'), { exact: true }).waitFor();
      const statuses = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
      const present = statuses.filter((s) => s === 'present').length;
      const save = page.getByRole('button', { name: t('attendance.save', { present, absent: 8 - present }), exact: true });
      await save.waitFor();
      await expectFitsPhone(page);

      // The calendar names the month and the weekdays in the language.
      await page.getByRole('button', { name: t('attendance.dateLabel'), exact: true }).click();
      await page.getByRole('button', { name: t('attendance.previousMonth'), exact: true }).waitFor();
      const calendar = page.locator('.mantine-DatePickerInput-dropdown, [class*="Popover-dropdown"]').first();
      expect(await calendar.innerText()).not.toMatch(/January|February|March|April|May|June|July|August|September|October|November|December|\bSu\b|\bMo\b/);
      await page.keyboard.press('Escape');

      const savedFrom = Date.now();
      await save.click();
      await page.getByRole('status').filter({ hasText: t('attendance.marked') }).waitFor();
      // Saved: when and by whom, in the language; the time as the language says it, its day-period
      // word first ('രാവിലെ 10:04'), never a Latin AM/PM.
      const [before, after] = t('attendance.savedAtBy', { time: '\u0000', name: 'Thomas Teacher' }).split('\u0000');
      await expect.poll(async () => (await sheetState(main)).state).toBe('saved');
      const saved = (await sheetState(main)).text;
      expect(saved.startsWith(before) && saved.endsWith(after), saved).toBe(true);
      const time = saved.slice(before.length, saved.length - after.length);
      // The page and this process share the machine's time zone: the minutes from the tap on Save to now.
      const times: string[] = [];
      for (let at = savedFrom; at <= Date.now() + 60_000; at += 60_000) times.push(formatTimeOfDay(locale, at));
      expect(times).toContain(time);
      expect(time).toMatch(/^\S+( \S+)? \d{1,2}:\d{2}$/u);
      expect(time).not.toMatch(/[a-z]/i);
      expect(await rows.evaluateAll((els) => els.filter((el) => el.hasAttribute('data-provisional')).length)).toBe(0);
      await expectSheetFitsPhones(page);
      await expectNoEnglish(main);

      // The monthly report of this month, every text and the month's name in the language.
      const date = today();
      await openFromNavigation(page, '/reports');
      await page.getByRole('heading', { name: t('reports.title'), exact: true }).waitFor();
      await main.getByText(t('reports.chooseSelection'), { exact: true }).waitFor();
      const choose = async (label: string, option: (name: string) => boolean) => {
        await page.getByRole('combobox', { name: t(label), exact: true }).click();
        const options = page.getByRole('listbox').getByRole('option');
        await options.first().waitFor();
        const names = await options.allTextContents();
        const wanted = names.find(option);
        expect(wanted, `${label}: ${names.join(', ')}`).toBeDefined();
        await page.getByRole('listbox').getByRole('option', { name: wanted, exact: true }).click();
      };
      await choose('reports.academicYear', (name) => name === academicYearOf(date, DEFAULT_ACADEMIC_YEAR_CONFIG.start_month));
      await choose('reports.class', (name) => name === '3rd A');
      await choose('reports.month', (name) => name.includes(monthName(date)) && name.includes(date.slice(0, 4)));

      const table = page.getByTestId('monthly-summary');
      await table.waitFor();
      for (const id of ['reports.rollNo', 'reports.student', 'reports.present', 'reports.absent', 'reports.totalDays', 'reports.percentage']) {
        expect(await table.getByRole('columnheader', { name: t(id), exact: true }).count(), id).toBe(1);
      }
      expect(await table.locator('tbody tr').count()).toBe(8);
      await main.getByText(t('reports.summaryLegend'), { exact: true }).waitFor();
      expect(await main.innerText()).toContain(monthName(date));
      await page.getByRole('tab', { name: t('reports.monthlyTab'), exact: true }).waitFor();
      await expectFitsPhone(page);
      await expectNoEnglish(main);

      // The calendar's weekdays are the language's own.
      await page.getByRole('tab', { name: t('reports.calendarTab'), exact: true }).click();
      const sunday = new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1));
      await page.getByTestId('attendance-calendar').locator(`th abbr[title="${sunday}"]`).waitFor();
      await expectFitsPhone(page);

      // A reload keeps the language.
      await page.reload();
      await page.getByRole('heading', { name: t('reports.title'), exact: true }).waitFor();
      expect(pathOf(page)).toBe('/reports');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      // The choice made on the sign-in screen is the teacher's own, kept on the server.
      const verified = await page.evaluate(async ([tokenKey, codeKey]) => {
        const headers = { Authorization: `Bearer ${localStorage.getItem(tokenKey)}`, 'X-Church-Code': localStorage.getItem(codeKey) ?? '' };
        return (await (await fetch('/api/auth/verify', { headers })).json()) as { data: { user: { language: string; has_own_language: boolean } } };
      }, SESSION_KEYS);
      expect(verified.data.user).toMatchObject({ language: locale, has_own_language: true });
      await page.getByTestId('attendance-calendar').waitFor();
      await expectNoEnglish(main);
    });
  });
});
