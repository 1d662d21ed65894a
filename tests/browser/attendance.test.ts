import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import { demoEmail } from '../../server/modules/demo/index.js';
import { MESSAGES } from '../../common/constants.js';
import { academicYearOf, DEFAULT_ACADEMIC_YEAR_CONFIG } from '../../common/academic-year.js';
import { addDays, todayIn } from '../../common/dates.js';
import { academicYearMonths, monthLabel } from '../../client/src/features/reports/months.js';
import attendanceEnglish from '../../common/i18n/catalogues/attendance/en.json';
import {
  DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, SESSION_KEYS, fitsViewportWidth, onPage, pathOf, recordTrpcCalls, signIn,
  signInAsDemo, textShown, useAppAndBrowser,
} from '../helpers/browser.js';
import { deviceKeys, putDeviceRecord } from '../helpers/device-db.js';
import { expectSheetFitsPhones } from '../helpers/languages.js';

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

/** Chooses an option of a field: a native select (Mark Attendance's class) or a Mantine Select. */
async function chooseOption(page: Page, field: string, option: string) {
  const box = page.getByRole('combobox', { name: field, exact: true });
  if (await box.evaluate((element) => element.tagName === 'SELECT')) {
    await box.selectOption({ label: option });
    return;
  }
  await box.click();
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

/** The six columns of the monthly summary, by their accessible names (short on a phone). */
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

/** A student's status by name, for comparing the screen with what the server stored. */
type StatusByName = Record<string, string>;

/** The marks the screen shows, by student name. */
const shownMarks = (page: Page): Promise<StatusByName> =>
  rows(page).evaluateAll((els) => Object.fromEntries(els.map((el) => [
    el.querySelector('[data-testid="student-name"]')!.textContent, el.getAttribute('data-status')!,
  ])));

/** The stored marks of a class on a date by student name, read through the REST paths with the page's session. */
function storedMarksByName(page: Page, classId: string, date: string): Promise<StatusByName> {
  return page.evaluate(async ({ classId, date, keys }) => {
    const [token, code] = keys.map((k) => localStorage.getItem(k));
    const get = async (path: string) => {
      const response = await fetch(path, { headers: { Authorization: `Bearer ${token}`, 'X-Church-Code': code! } });
      return ((await response.json()) as { data: unknown }).data;
    };
    const students = await get(`/api/students/class/${classId}`) as { id: string; name: string }[];
    const marks = await get(`/api/attendance/class/${classId}/date/${date}`) as { student_id: string; status: string }[];
    const nameOf = new Map(students.map((s) => [s.id, s.name]));
    return Object.fromEntries(marks.map((m) => [nameOf.get(m.student_id), m.status]));
  }, { classId, date, keys: SESSION_KEYS });
}

/** Opens Mark Attendance on a class and date and waits for its students with their marks. */
async function openSheet(page: Page, className: string, date: string) {
  await page.goto('/attendance');
  await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
  await chooseOption(page, 'Class', className);
  await pickDate(page, date);
  await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(date);
  await expect.poll(() => rows(page).count()).toBe(8);
  return new URL(page.url()).searchParams.get('class')!;
}

/** Flips the first `count` students (present ↔ absent) and returns the marks then shown. */
async function flipFirst(page: Page, count: number) {
  for (let i = 0; i < count; i++) {
    const row = rows(page).nth(i);
    const next = (await row.getAttribute('data-status')) === 'present' ? 'absent' : 'present';
    await row.getByText(next === 'present' ? 'Present' : 'Absent', { exact: true }).click();
    await expect.poll(() => row.getAttribute('data-status')).toBe(next);
  }
  return shownMarks(page);
}

/** The one tRPC call that saves marks (a batch URL such as /trpc/attendance.mark?batch=1). */
const isMarkCall = (url: URL) => url.pathname.split('/').pop()!.split(',').includes('attendance.mark');

const saveButton = (page: Page) => page.getByTestId('save-attendance');
const unsavedNote = (page: Page) => page.getByText(attendanceEnglish['attendance.unsaved'], { exact: true });
/**
 * Watches, in the page, for `text` to appear and then go; answers a function that waits until it has
 * gone and says for how many milliseconds it was shown. Start it before the action that shows the text.
 */
async function timeShown(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((wanted) => {
    const times: { from?: number; to?: number } = {};
    (window as unknown as { shownTimes: Record<string, typeof times> }).shownTimes = { [wanted]: times };
    const observer = new MutationObserver(() => {
      const present = document.body.innerText.includes(wanted);
      if (present && times.from === undefined) times.from = performance.now();
      if (!present && times.from !== undefined) {
        times.to = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }, text);
  return async () => {
    const shown = await page.waitForFunction((wanted) => {
      const times = (window as unknown as { shownTimes: Record<string, { from?: number; to?: number }> }).shownTimes[wanted];
      return times.to !== undefined && times.from !== undefined ? times.to - times.from : null;
    }, text, { timeout: 30_000 });
    return (await shown.jsonValue()) as number;
  };
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

      // Every name keeps room for twelve letters at 360 and 390 px, and Save is whole, above the ribbon.
      await expectSheetFitsPhones(page);
      // The Save button stays on screen at the bottom of a phone, with the list longer than the screen.
      const box = (await save.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
      expect(await fitsViewportWidth(page)).toBe(true);

      const marked = page.waitForResponse((r) => r.url().includes('/trpc/attendance.mark'));
      const shownFor = await timeShown(page, MESSAGES.attendanceMarked);
      await save.click();
      expect((await marked).status()).toBe(200);
      // Shown about 3 seconds, then gone by itself (timed in the page: a busy test process looks late).
      const shownMs = await shownFor();
      expect(shownMs).toBeGreaterThanOrEqual(2_500);
      expect(shownMs).toBeLessThanOrEqual(6_000);

      // Saving again updates the same rows instead of adding to them.
      const markedAgain = page.waitForResponse((r) => r.url().includes('/trpc/attendance.mark'));
      const savedAgain = textShown(page, MESSAGES.attendanceMarked);
      await save.click();
      expect((await markedAgain).status()).toBe(200);
      await savedAgain;
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
      // And the printable register beside it.
      const printed = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Register (PDF)' }).click();
      const register = await printed;
      expect(register.suggestedFilename()).toBe(`register-3rd-A-${date.slice(0, 4)}-${date.slice(5, 7)}.pdf`);
      expect((await readFile(await register.path())).subarray(0, 5).toString()).toBe('%PDF-');

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
      // Students that cannot be loaded, from the start: nothing of them is stored on the device ahead.
      await page.route('**/trpc/**students.byClass**', (route) => route.abort('internetdisconnected'));
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
  it('teacher on a dropped connection: the save shows progress, a failure keeps every mark, Retry saves them', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');
      const date = addDays(today(), -1);
      const classId = await openSheet(page, '5th', date);
      const marks = await flipFirst(page, 3);
      await unsavedNote(page).waitFor();

      // The save is held in the network until its progress has been seen, then the connection drops.
      let held!: (route: Route) => void;
      const markRequest = new Promise<Route>((resolve) => { held = resolve; });
      await page.route(isMarkCall, (route) => held(route));
      await saveButton(page).click();
      const request = await markRequest;
      await expect.poll(() => saveButton(page).getAttribute('aria-busy')).toBe('true');
      const absent = Object.values(marks).filter((s) => s === 'absent').length;
      const label = `Save (${8 - absent} present, ${absent} absent)`;
      expect(await page.getByRole('button', { name: label }).getAttribute('aria-busy')).toBe('true');
      expect(await rows(page).first().getByRole('radio', { name: 'Present' }).isDisabled()).toBe(true);
      await request.abort('internetdisconnected');

      // A clear message with Retry; every mark is still on screen, and the switches work again.
      const failure = page.getByRole('alert').filter({ hasText: attendanceEnglish['attendance.markUnreachable'] });
      await failure.waitFor();
      expect(await page.getByText('Failed to fetch').count()).toBe(0);
      await expect.poll(() => saveButton(page).getAttribute('aria-busy')).toBe('false');
      expect(await rows(page).first().getByRole('radio', { name: 'Present' }).isDisabled()).toBe(false);
      expect(await shownMarks(page)).toEqual(marks);
      expect(await unsavedNote(page).isVisible()).toBe(true);

      // Back online: Retry sends the same marks, and they are stored.
      await page.unroute(isMarkCall);
      const marked = page.waitForResponse((r) => isMarkCall(new URL(r.url())));
      const saved = textShown(page, MESSAGES.attendanceMarked);
      await failure.getByRole('button', { name: attendanceEnglish['attendance.retry'] }).click();
      expect((await marked).status()).toBe(200);
      await saved;
      expect(await failure.count()).toBe(0);
      expect(await unsavedNote(page).count()).toBe(0);
      expect(await storedMarksByName(page, classId, date)).toEqual(marks);
    }, { allowErrors: /net::ERR_INTERNET_DISCONNECTED/ });
  });

  it('teacher: unsaved marks survive a reload of the tab, and are forgotten once saved', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');
      const date = addDays(today(), -2);
      const classId = await openSheet(page, '5th', date);
      const marks = await flipFirst(page, 2);
      await unsavedNote(page).waitFor();

      // The draft is kept on the device (IndexedDB) under the church and user, the class and the date.
      const storedKeys = () => deviceKeys(page, 'drafts');
      await expect.poll(storedKeys).toHaveLength(1);
      const [draftKey] = await storedKeys();
      for (const part of [DEMO_CODE, classId, date]) expect(draftKey).toContain(part);
      const [owner] = draftKey.split(`|${classId}|`);

      // A reload before saving: the same marks, with the note that they are not saved yet.
      await page.reload();
      await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
      await expect.poll(() => rows(page).count()).toBe(8);
      expect(await shownMarks(page)).toEqual(marks);
      await unsavedNote(page).waitFor();
      expect(await storedMarksByName(page, classId, date)).not.toEqual(marks);

      const marked = page.waitForResponse((r) => isMarkCall(new URL(r.url())));
      const saved = textShown(page, MESSAGES.attendanceMarked);
      await saveButton(page).click();
      expect((await marked).status()).toBe(200);
      await saved;
      expect(await unsavedNote(page).count()).toBe(0);
      await expect.poll(storedKeys).toEqual([]);
      expect(await storedMarksByName(page, classId, date)).toEqual(marks);

      // After the save a reload shows the stored marks and no note; neither does a stored draft
      // that is not taps or names only students not in the class.
      const tappedAt = new Date().toISOString();
      for (const stale of [null, '{not json', { 'no-such-student': { status: 'absent', tappedAt } }, ['absent'], { x: 'absent' }]) {
        if (stale !== null) await putDeviceRecord(page, 'drafts', { owner, classId, date, taps: stale });
        await page.reload();
        await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
        await expect.poll(() => rows(page).count()).toBe(8);
        expect(await shownMarks(page)).toEqual(marks);
        expect(await unsavedNote(page).count()).toBe(0);
      }
    });
  });

  it('teacher at 1280px: a day not marked yet says so and shows its children present only as the default; once saved it says when and by whom', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'teacher');
      // A weekday (the demo seeds Sundays) that no other test of the file marks.
      const date = [3, 4].map((days) => addDays(today(), -days)).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() !== 0)!;
      await openSheet(page, '3rd A', date);
      const state = page.getByTestId('sheet-state');
      const provisional = () => rows(page).evaluateAll((els) => els.filter((el) => el.hasAttribute('data-provisional')).length);
      expect(await state.getAttribute('data-state')).toBe('not-marked');
      expect(await state.innerText()).toBe(attendanceEnglish['attendance.notMarkedYet']);
      expect(await provisional()).toBe(8);
      // The default is drawn apart from a mark: outlined, not filled.
      const look = (row: Locator) => row.locator('label:has(input:checked)').evaluate((label) => getComputedStyle(label).backgroundColor);
      const defaultLook = await look(rows(page).first());

      // A tap makes that child's mark; the others stay the default until Save.
      const first = rows(page).first();
      await first.getByText('Absent', { exact: true }).click();
      await first.getByText('Present', { exact: true }).click();
      await expect.poll(provisional).toBe(7);
      expect(await look(first)).not.toBe(defaultLook);
      expect(await state.getAttribute('data-state')).toBe('not-marked');

      const saved = textShown(page, MESSAGES.attendanceMarked);
      await saveButton(page).click();
      await saved;
      await expect.poll(() => state.getAttribute('data-state')).toBe('saved');
      const savedLine = /^Saved at \d{1,2}:\d{2} (am|pm) by Thomas Teacher$/;
      expect(await state.innerText()).toMatch(savedLine);
      expect(await provisional()).toBe(0);

      // After a reload the line comes from the server's marks.
      await page.reload();
      await expect.poll(() => rows(page).count()).toBe(8);
      await expect.poll(() => state.getAttribute('data-state')).toBe('saved');
      expect(await state.innerText()).toMatch(savedLine);
      expect(await provisional()).toBe(0);
      expect(await fitsViewportWidth(page)).toBe(true);
    });
  });

  it('teacher in English: a Malayalam, Tamil or Hindi name shows in its script\'s font, never as boxes', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');
      await page.goto('/attendance');
      await chooseOption(page, 'Class', '3rd A');
      await expect.poll(() => rows(page).count()).toBe(8);
      // A child's name written in its own script, as churches enter them, on the same English screen.
      const loaded = await page.evaluate(async () => {
        const names = ['ജോസഫ് തോമസ്', 'ஜோசப் தாமஸ்', 'रोहन शर्मा'];
        const row = document.querySelector('[data-testid="attendance-row"]')!;
        for (const name of names) {
          const span = document.createElement('span');
          span.textContent = name;
          row.append(span);
        }
        await new Promise((resolve) => requestAnimationFrame(resolve));
        await document.fonts.ready;
        return [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replaceAll('"', ''));
      });
      expect(new Set(loaded)).toEqual(new Set(['Noto Sans Malayalam', 'Noto Sans Tamil', 'Noto Sans Devanagari']));
    });
  });

  it('teacher: loading a sheet asks the server once, for the session and all of the sheet together', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');
      const classId = await openSheet(page, '5th', addDays(today(), -1));
      // What the opened sheet still asks (a busy machine may send its date's marks late) is not the loads measured below.
      await page.waitForLoadState('networkidle');
      const calls = recordTrpcCalls(page);

      // A date in the address, then the church's today (worked out from what the last visit stored):
      // either way one batch, and the screen asks nothing more when it renders.
      for (const address of [page.url(), `/attendance?class=${classId}`]) {
        calls.length = 0;
        // Counted from the new page on: a call the page being left sends on its way out is not this load's.
        page.once('framenavigated', () => { calls.length = 0; });
        await page.goto(address);
        await expect.poll(() => rows(page).count()).toBe(8);
        await page.waitForLoadState('networkidle');
        expect(calls, calls.join(' | ')).toHaveLength(1);
        expect(calls[0].split(',').sort()).toEqual(['attendance.byDate', 'auth.verify', 'classes.myClasses', 'students.byClass', 'substitutes.today']);
      }
      expect(await page.getByLabel('Date', { exact: true }).textContent()).toContain(String(Number(today().slice(8))));
    });
  });
});
