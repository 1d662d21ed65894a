import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { academicYearOf, DEFAULT_ACADEMIC_YEAR_CONFIG } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import commonEnglish from '../../common/i18n/catalogues/common/en.json';
import { fitsViewportWidth, onPage, pathOf, SESSION_KEYS, signInAsDemo, useAppAndBrowser } from '../helpers/browser.js';

const env = useAppAndBrowser();

/** The narrowest phones in use: every screen must fit without horizontal scrolling. */
const NARROW_PHONE = { width: 360, height: 740 };

/** The demo church keeps Asia/Kolkata time (server/modules/demo/seed.ts). */
const today = () => todayIn('Asia/Kolkata');

/** The signed-in user's classes, through the API with the session the page holds. */
async function classIds(page: Page): Promise<string[]> {
  return page.evaluate(async ([tokenKey, codeKey]) => {
    const res = await fetch('/api/classes', {
      headers: { Authorization: `Bearer ${localStorage.getItem(tokenKey)}`, 'X-Church-Code': localStorage.getItem(codeKey)! },
    });
    const body = (await res.json()) as { data: { id: string }[] };
    return body.data.map((c) => c.id);
  }, SESSION_KEYS);
}

/** Opens an address of the app and waits until its screen has settled (no loader, no skeleton). */
async function openSettled(page: Page, address: string, heading: string) {
  await page.goto(address);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"], [role="status"] .mantine-Loader-root').length === 0);
}

/** Every screen of the role, with data on it where the screen has a class to show. */
function screensOf(role: 'teacher' | 'principal' | 'superadmin', classId: string) {
  const date = today();
  const year = academicYearOf(date, DEFAULT_ACADEMIC_YEAR_CONFIG.start_month);
  const report = `/reports?year=${year}&class=${classId}&month=${date.slice(0, 7)}`;
  const dashboards = { teacher: 'Teacher Dashboard', principal: 'Principal Dashboard', superadmin: 'Super Admin Dashboard' };
  const screens: [string, string][] = [
    ['/', dashboards[role]],
    ['/classes', role === 'superadmin' ? 'Class Management' : 'Classes'],
    ['/students', role === 'superadmin' ? 'Student Management' : 'Students'],
    [report, 'Attendance Reports'],
    [`${report}&view=calendar`, 'Attendance Reports'],
  ];
  if (role === 'teacher') screens.push([`/attendance?class=${classId}`, 'Mark Attendance'], ['/student-view', 'Student View']);
  if (role !== 'teacher') screens.push(['/records', 'Session Records'], ['/configuration', 'Academic Year Configuration'], ['/gallery', 'Media Gallery']);
  if (role === 'principal') screens.push(['/teachers', 'Teacher Management']);
  if (role === 'superadmin') screens.push(['/users', 'User Management'], ['/access-log', 'Access log']);
  screens.push(['/follow-up', 'Follow-up'], ['/exams', 'Exams'], ['/substitutes', 'Substitutes and rota']);
  return screens;
}

// Every screen of every role, with its data: it fits the narrowest phone without horizontal
// scrolling, and has exactly one h1 (its title). The walk covers every entry of the role's navigation.
describe('every screen on a 360 px phone', () => {
  it('the sign-in screen fits', async () => {
    await onPage(env, NARROW_PHONE, async (page) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
    });
  });

  for (const role of ['teacher', 'principal', 'superadmin'] as const) {
    it(`${role}: every screen of the role fits without horizontal scrolling and has one h1`, async () => {
      await onPage(env, NARROW_PHONE, async (page) => {
        await signInAsDemo(page, role);
        const [classId] = await classIds(page);
        expect(classId).toBeDefined();
        const screens = screensOf(role, classId);
        await page.getByRole('button', { name: 'Open navigation' }).click();
        const navigation = await page.locator('#dashboard-navigation').getByRole('link')
          .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
        expect(navigation.filter((path) => !screens.some(([address]) => new URL(address, 'http://x').pathname === path))).toEqual([]);
        for (const [address, heading] of screens) {
          await openSettled(page, address, heading);
          expect(await fitsViewportWidth(page), address).toBe(true);
          expect(await page.locator('h1').count(), address).toBe(1);
        }
      });
    });
  }
});

describe('a screen is downloaded when first opened', () => {
  it('a failed download shows the error with Retry, and Retry loads the screen', async () => {
    await onPage(env, NARROW_PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');
      const chunk = /\/assets\/StudentViewPage-[\w-]+\.js$/;
      await page.route(chunk, (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.locator('#dashboard-navigation').getByRole('link', { name: 'Student View', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: commonEnglish['common.screenLoadFailed'] }).waitFor();
      expect(pathOf(page)).toBe('/student-view');
      // The frame stays usable around the failed screen.
      expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);

      await page.unroute(chunk);
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { name: 'Student View', exact: true }).waitFor();
    }, { allowErrors: /ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module/ });
  });
});
