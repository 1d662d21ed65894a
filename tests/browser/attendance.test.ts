import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { demoEmail } from '../../server/modules/demo/index.js';
import { MESSAGES } from '../../common/constants.js';
import { academicYearOf, DEFAULT_ACADEMIC_YEAR_CONFIG } from '../../common/academic-year.js';
import { addDays, todayIn } from '../../common/dates.js';
import { academicYearMonths, monthLabel } from '../../client/src/features/reports/months.js';
import {
  DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, SESSION_KEYS, fitsViewportWidth, onPage, pathOf, signIn, signInAsDemo,
  useAppAndBrowser,
} from './support.js';

const env = useAppAndBrowser();

/** The demo church keeps Asia/Kolkata time (server/modules/demo/seed.ts). */
const CHURCH_TIME_ZONE = 'Asia/Kolkata';
const today = () => todayIn(CHURCH_TIME_ZONE);

/** The aria-label of a day in the Mantine calendar: '15 November 2026'. */
const dayLabel = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${monthLabel(year, month)}`;
};

/** Opens a sidebar entry; at phone width through the drawer. */
async function openEntry(page: Page, label: string, mobile: boolean) {
  if (mobile) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.waitForFunction(() => {
      const box = document.querySelector('#dashboard-navigation')!.getBoundingClientRect();
      return box.left >= 0 && box.width > 0;
    });
  }
  await page.locator('#dashboard-navigation').getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { name: label, exact: true }).waitFor();
}

async function chooseOption(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Picks a day in the date picker, going back months until the day is shown. */
async function pickDate(page: Page, date: string) {
  await page.getByLabel('Date', { exact: true }).click();
  // The calendar must be open before counting its days, or an unrendered month looks like a wrong one.
  await page.getByRole('button', { name: 'Previous month' }).waitFor();
  const day = page.getByRole('button', { name: dayLabel(date), exact: true });
  for (let i = 0; i < 3 && (await day.count()) === 0; i++) {
    await page.getByRole('button', { name: 'Previous month' }).click();
  }
  await day.click();
}

/** The six columns of the monthly summary (01 section 3), by their accessible names (short on a phone). */
async function expectSummaryColumns(table: Locator) {
  expect(await table.getByRole('columnheader').count()).toBe(6);
  for (const name of ['Roll No', 'Student', 'Present', 'Absent', 'Total Days', 'Percentage']) {
    expect(await table.getByRole('columnheader', { name, exact: true }).count()).toBe(1);
  }
}

const rows = (page: Page) => page.getByTestId('attendance-row');
const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.getByText(name, { exact: true }) });

/** The stored marks of a class on a date, read through the REST path with the page's session. */
function storedMarks(page: Page, classId: string, date: string) {
  return page.evaluate(async ({ classId, date, keys }) => {
    const [token, code] = keys.map((k) => localStorage.getItem(k));
    const response = await fetch(`/api/attendance/class/${classId}/date/${date}`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Church-Code': code! },
    });
    return (await response.json()) as { success: boolean; data: { student_id: string; status: string }[] };
  }, { classId, date, keys: SESSION_KEYS });
}

describe('attendance', () => {
  it('teacher at 375px: marks attendance, keeps it across a reload, refuses old dates, reads the reports', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');

      // Mark Attendance: the class, today (the church's), every student with a big switch.
      await openEntry(page, 'Mark Attendance', true);
      expect(pathOf(page)).toBe('/attendance');
      await chooseOption(page, 'Class', '3rd A');
      const date = today();
      await pickDate(page, date);
      await expect.poll(() => rows(page).count()).toBe(8);
      expect(await page.getByLabel('Date', { exact: true }).textContent()).toContain(String(Number(date.slice(8))));

      // One student who is present now becomes absent.
      const presentRow = rows(page).and(page.locator('[data-status="present"]')).first();
      const name = (await presentRow.getByTestId('student-name').textContent())!;
      const student = rowOf(page, name);
      await student.getByText('Absent', { exact: true }).click();
      await expect.poll(() => student.getAttribute('data-status')).toBe('absent');
      const statuses = await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
      const present = statuses.filter((s) => s === 'present').length;
      const absent = statuses.length - present;
      const save = page.getByRole('button', { name: `Save (${present} present, ${absent} absent)` });
      await save.waitFor();

      // The Save button stays on screen at the bottom of a phone, with the list longer than the screen.
      const box = (await save.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
      expect(await fitsViewportWidth(page)).toBe(true);

      const marked = page.waitForResponse((r) => r.url().includes('/trpc/attendance.mark'));
      await save.click();
      expect((await marked).status()).toBe(200);
      const success = page.getByRole('status').filter({ hasText: MESSAGES.attendanceMarked });
      await success.waitFor();
      const shownAt = Date.now();
      await success.waitFor({ state: 'detached', timeout: 6_000 });
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_500);

      // Saving again updates the same rows instead of adding to them.
      const markedAgain = page.waitForResponse((r) => r.url().includes('/trpc/attendance.mark'));
      await save.click();
      expect((await markedAgain).status()).toBe(200);
      await success.waitFor();
      const classId = new URL(page.url()).searchParams.get('class')!;
      const stored = await storedMarks(page, classId, date);
      expect(stored.data).toHaveLength(8);
      expect(stored.data.filter((m) => m.status === 'absent')).toHaveLength(absent);

      // After a reload the stored marks are shown: the student is still absent.
      await page.reload();
      await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
      await expect.poll(() => rows(page).count()).toBe(8);
      expect(await rowOf(page, name).getAttribute('data-status')).toBe('absent');
      await page.getByRole('button', { name: `Save (${present} present, ${absent} absent)` }).waitFor();

      // A date 15 days ago is refused with the spec's alert; the screen stays on today.
      await pickDate(page, addDays(date, -15));
      await page.getByRole('alert').filter({ hasText: MESSAGES.attendanceTooOld }).waitFor();
      expect(new URL(page.url()).searchParams.get('date')).toBeNull();
      expect(await rowOf(page, name).getAttribute('data-status')).toBe('absent');

      // Attendance Reports: year, then class, then month.
      await openEntry(page, 'Attendance Reports', true);
      expect(pathOf(page)).toBe('/reports');
      await page.getByText('Choose an academic year, then a class, then a month to see the report.').waitFor();
      expect(await page.getByRole('combobox', { name: 'Class', exact: true }).isDisabled()).toBe(true);
      await chooseOption(page, 'Academic Year', academicYearOf(date, DEFAULT_ACADEMIC_YEAR_CONFIG.start_month));
      expect(await page.getByRole('combobox', { name: 'Month', exact: true }).isDisabled()).toBe(true);
      await chooseOption(page, 'Class', '3rd A');
      const month = monthLabel(Number(date.slice(0, 4)), Number(date.slice(5, 7)));
      await chooseOption(page, 'Month', month);

      const table = page.getByTestId('monthly-summary');
      await table.waitFor();
      await expectSummaryColumns(table);
      expect(await table.locator('tbody tr').count()).toBe(8);
      const percentages = await table.locator('tbody tr td:last-child').allTextContents();
      expect(percentages.every((p) => /^\d{1,3}\.\d%$/.test(p))).toBe(true);
      const studentCells = await table.locator('tbody tr').filter({ hasText: name }).getByRole('cell').allTextContents();
      expect(Number(studentCells[3])).toBeGreaterThanOrEqual(1); // absent at least today
      expect(await fitsViewportWidth(page)).toBe(true);

      // The CSV download works (no dead button).
      const downloaded = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toBe(`attendance-3rd-A-${date.slice(0, 4)}-${date.slice(5, 7)}.csv`);
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv).toContain('Roll No');
      expect(csv).toContain(name);

      // Calendar View: the month as a grid of weeks; today shows its counts.
      await page.getByRole('tab', { name: 'Calendar View' }).click();
      const calendar = page.getByTestId('attendance-calendar');
      await calendar.waitFor();
      expect(await calendar.getByRole('columnheader').count()).toBe(7);
      expect(await calendar.locator('tbody tr').count()).toBeGreaterThanOrEqual(4);
      const todayCell = calendar.locator(`td[data-date="${date}"]`);
      expect(await todayCell.getAttribute('data-has-data')).toBe('true');
      expect(await todayCell.innerText()).toMatch(new RegExp(`P ${present}\\s+A ${absent}`));
      expect(await fitsViewportWidth(page)).toBe(true);
    });
  });

  it('teacher: a month without attendance shows the empty state; a failed load offers Retry', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');

      // A month of the academic year away from the seeded weeks (today and the 5 Sundays before) has none.
      const date = today();
      const year = academicYearOf(date, DEFAULT_ACADEMIC_YEAR_CONFIG.start_month);
      const months = academicYearMonths(year, DEFAULT_ACADEMIC_YEAR_CONFIG.start_month);
      const current = months.findIndex((m) => m.value === date.slice(0, 7));
      const emptyMonth = (current >= 3 ? months[0] : months[11]).label;
      await page.goto('/reports');
      await page.getByRole('heading', { name: 'Attendance Reports' }).waitFor();
      await chooseOption(page, 'Academic Year', year);
      await chooseOption(page, 'Class', '5th');
      await chooseOption(page, 'Month', emptyMonth);
      await page.getByText(`No attendance data found for ${emptyMonth}.`, { exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Calendar View' }).click();
      await page.getByText(`No attendance data found for ${emptyMonth}.`, { exact: true }).waitFor();

      // Students that cannot be loaded: the error with Retry, which then works.
      await page.route('**/trpc/**students.byClass**', (route) => route.abort('internetdisconnected'));
      await page.goto('/attendance');
      await chooseOption(page, 'Class', '5th');
      await page.getByRole('alert').filter({ hasText: 'Failed to load students' }).waitFor({ timeout: 20_000 });
      await page.unroute('**/trpc/**students.byClass**');
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => rows(page).count()).toBe(8);
    }, { allowErrors: /net::ERR_INTERNET_DISCONNECTED/ });
  });

  it('principal and super admin at 1280px: Attendance Reports of any class', async () => {
    for (const role of ['principal', 'superadmin'] as const) {
      await onPage(env, DESKTOP, async (page) => {
        await page.goto('/login');
        await signIn(page, DEMO_CODE, demoEmail(role, DEMO_CODE), DEMO_PASSWORD);
        await page.locator('#dashboard-navigation').getByRole('link', { name: 'Attendance Reports' }).waitFor();
        expect(await page.locator('#dashboard-navigation').getByRole('link', { name: 'Mark Attendance' }).count()).toBe(0);
        await openEntry(page, 'Attendance Reports', false);

        const date = today();
        await chooseOption(page, 'Academic Year', academicYearOf(date, DEFAULT_ACADEMIC_YEAR_CONFIG.start_month));
        await chooseOption(page, 'Class', 'LKG'); // a class without a teacher: principals see every class
        // The last seeded Sunday lies within the last week.
        const lastSunday = addDays(date, -new Date(`${date}T00:00:00Z`).getUTCDay());
        await chooseOption(page, 'Month', monthLabel(Number(lastSunday.slice(0, 4)), Number(lastSunday.slice(5, 7))));
        const table = page.getByTestId('monthly-summary');
        await table.waitFor();
        expect(await table.locator('tbody tr').count()).toBe(8);
        expect(await table.getByRole('columnheader').allTextContents())
          .toEqual(['Roll No', 'Student', 'Present', 'Absent', 'Total Days', 'Percentage']);
        await page.getByRole('tab', { name: 'Calendar View' }).click();
        const cell = page.getByTestId('attendance-calendar').locator(`td[data-date="${lastSunday}"]`);
        expect(await cell.getAttribute('data-has-data')).toBe('true');
        expect(await cell.innerText()).toMatch(/Present \d+\s+Absent \d+/);
        expect(await fitsViewportWidth(page)).toBe(true);
      });
    }
  });
});
