import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page, ViewportSize } from 'playwright-core';
import { demoEmail } from '../../server/modules/demo/index.js';
import { todayIn } from '../../common/dates.js';
import { INTL_LOCALE, type Locale } from '../../common/i18n/locales.js';
import { createClassWithStudents } from '../helpers/fixtures.js';
import { DEMO_CODE, DEMO_PASSWORD, DESKTOP, onPage, serviceWorkerInControl, useAppAndBrowser } from '../helpers/browser.js';
import { deviceRecords } from '../helpers/device-db.js';
import { expectSheetFitsPhones, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

/**
 * Issue 43, item 11: a teacher's roll calls are on the phone before the signal goes (every class of
 * hers, not only those opened), a class with nothing kept says so plainly, the sheet says what is kept
 * on the phone (yellow) and what reached the church (green, with the class, the day and the counts),
 * the pending count counts the changed marks, each waiting row shows it, and the header keeps room for
 * the church's name.
 */
const env = useAppAndBrowser(undefined, { serviceWorkers: true });

/** The demo church keeps Asia/Kolkata time (server/modules/demo/seed.ts). */
const today = () => todayIn('Asia/Kolkata');

/** What the pages log while the context is offline. */
const OFFLINE_ERRORS = /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/;

const PHONE_390 = { width: 390, height: 800 };

async function demoTeacher() {
  const rows = await env.app.db.ownerQuery<{ church_id: string; user_id: string }>(sql`
    select c.id as church_id, u.id as user_id from churches c join users u on u.church_id = c.id
    where c.code = ${DEMO_CODE} and u.email = ${demoEmail('teacher', DEMO_CODE)}`);
  return { churchId: rows[0].church_id, teacherId: rows[0].user_id };
}

const storedStatuses = async (classId: string, date: string) => Object.fromEntries((await env.app.db.ownerQuery<{ student_id: string; status: string }>(sql`
  select student_id, status from attendance where class_id = ${classId}::uuid and date = ${date}::date`)).map((r) => [r.student_id, r.status]));

/** The answers the device keeps of a class (its students, its marks of a date). */
const keptOfClass = async (page: Page, classId: string) =>
  (await deviceRecords<{ key: string; path: string }>(page, 'answers')).filter((a) => a.key.includes(classId)).map((a) => a.path).sort();

/** Removes what the device keeps of a class: as if the class had been given to the teacher after her last visit online. */
const forgetClass = (page: Page, classId: string) => page.evaluate(async (id) => {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('sundayschool-device');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(new Error(String(request.error)));
  });
  const tx = db.transaction('answers', 'readwrite');
  const keys = await new Promise<IDBValidKey[]>((resolve) => {
    const request = tx.objectStore('answers').getAllKeys();
    request.onsuccess = () => resolve(request.result);
  });
  for (const key of keys) if (typeof key === 'string' && key.includes(id)) tx.objectStore('answers').delete(key);
  await new Promise((resolve) => {
    tx.oncomplete = resolve;
  });
  db.close();
}, classId);

const rows = (page: Page) => page.getByTestId('attendance-row');

/** The header's church name at 360 px keeps room for ten of its letters (measured in its own font). */
async function expectChurchNameRoom(page: Page) {
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: viewport.height });
  // The frame follows the width through a media query, one render after the resize: measure once settled.
  const room = () => page.getByTestId('church-name').evaluate((el) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = getComputedStyle(el).font;
    const text = el.textContent ?? '';
    return el.getBoundingClientRect().width - context.measureText([...text].slice(0, 10).join('')).width;
  });
  await expect.poll(room, { message: 'church name at 360 px: room for ten letters', timeout: 10_000 }).toBeGreaterThanOrEqual(-0.5);
  const badge = (await page.getByTestId('waiting-marks').boundingBox())!;
  expect(badge.x + badge.width).toBeLessThanOrEqual(360);
  await page.setViewportSize(viewport);
}

/** The day as the sheet's green line writes it: '2 Dec' in English, the language's own otherwise. */
function dayMonth(locale: Locale, date: string) {
  const [year, month, day] = date.split('-').map(Number);
  if (locale === 'en') return `${day} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month - 1]}`;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day));
}

async function offlineRollCall(locale: Locale, viewport: ViewportSize) {
  const t = translatorOf(locale, ['attendance', 'common']);
  const { churchId, teacherId } = await demoTeacher();
  const tag = `${locale}${viewport.width}`;
  const opened = await createClassWithStudents(env.app.db, churchId, { teacherId, className: '2nd', section: `Open ${tag}`, students: 2 });
  const other = await createClassWithStudents(env.app.db, churchId, {
    teacherId, className: '3rd', section: `A${tag}`, names: ['അന്നമ്മ ജോസഫ് വർഗീസ്', 'Bency', 'Cyril', 'Deepa', 'Elias', 'Fathima'],
  });
  const unkept = await createClassWithStudents(env.app.db, churchId, { teacherId, className: '4th', section: `None ${tag}`, students: 2 });
  const date = today();

  await onPage(env, viewport, async (page) => {
    const context = page.context();
    await signInChoosingLanguage(page, locale, { code: DEMO_CODE, email: demoEmail('teacher', DEMO_CODE), password: DEMO_PASSWORD });
    await page.getByTestId('church-name').waitFor();
    // After sign-in the dashboard keeps every class's roll call of today, not only those opened.
    await expect.poll(() => keptOfClass(page, other.class.id), { timeout: 30_000 }).toEqual(['attendance.byDate', 'students.byClass']);

    // One class opened online; the page then opens from the phone (service worker).
    await page.goto(`/attendance?class=${opened.class.id}`);
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(2);
    await serviceWorkerInControl(page);
    await forgetClass(page, unkept.class.id);

    await context.setOffline(true);
    // A class with nothing kept: the plain note, not a failure.
    await page.goto(`/attendance?class=${unkept.class.id}`);
    await page.getByTestId('not-on-phone').filter({ hasText: t('attendance.classNotOnPhone') }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(t('attendance.loadStudentsFailed')).count()).toBe(0);

    // The class never opened: its roster is on the phone.
    await page.goto(`/attendance?class=${other.class.id}`);
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(6);
    for (const i of [1, 2]) {
      const row = rows(page).nth(i);
      await row.getByText(t('attendance.absent'), { exact: true }).click();
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('absent');
    }
    // Save offline keeps the whole roll call on the phone, yet two marks changed: the count says 2.
    await page.getByTestId('save-attendance').click();
    const sync = page.getByTestId('sheet-sync');
    await expect.poll(() => sync.getAttribute('data-state'), { timeout: 30_000 }).toBe('kept');
    expect(await sync.innerText()).toBe(t('attendance.keptOnPhoneState'));
    await expect.poll(async () => (await deviceRecords(page, 'marks')).length, { timeout: 30_000 }).toBe(6);
    const waitingLabel = t('common.waitingMarks', { count: 2 });
    await expect.poll(() => page.getByTestId('waiting-marks').getAttribute('aria-label'), { timeout: 30_000 }).toBe(waitingLabel);
    await page.getByRole('status').filter({ hasText: t('attendance.offlineWaiting', { count: 2 }) }).waitFor({ timeout: 30_000 });
    // The two rows say their mark waits (by name too), the others nothing.
    expect(await rows(page).evaluateAll((els) => els.map((el) => el.hasAttribute('data-pending')))).toEqual([false, true, true, false, false, false]);
    expect(await page.getByRole('img', { name: t('attendance.markPending'), exact: true }).count()).toBe(2);
    // The desktop run too: its page narrowed to 360 px closes the sidebar at once, never over Save.
    await expectSheetFitsPhones(page);
    await expectChurchNameRoom(page);

    // Back online: the marks reach the church and the sheet says so in green, with what the sheet showed.
    await context.setOffline(false);
    await expect.poll(() => sync.getAttribute('data-state'), { timeout: 30_000 }).toBe('synced');
    expect(await sync.innerText()).toBe(t('attendance.savedToChurch', { className: `3rd A${tag}`, date: dayMonth(locale, date), present: 4, absent: 2 }));
    await expect.poll(() => page.getByTestId('waiting-marks').count(), { timeout: 30_000 }).toBe(0);
    expect(await rows(page).evaluateAll((els) => els.filter((el) => el.hasAttribute('data-pending')).length)).toBe(0);
    const stored = await storedStatuses(other.class.id, date);
    expect(other.students.map((s) => stored[s.id])).toEqual(['present', 'absent', 'absent', 'present', 'present', 'present']);
  }, { allowErrors: OFFLINE_ERRORS });
}

describe('offline clarity', () => {
  it('390 px in Malayalam: a class never opened is on the phone, two changes count 2, pending rows, kept then saved to the church', async () => {
    await offlineRollCall('ml', PHONE_390);
  });

  it('desktop in English: the same', async () => {
    await offlineRollCall('en', DESKTOP);
  });
});
