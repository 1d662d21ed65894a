import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { demoEmail } from '../../server/modules/demo/index.js';
import { MESSAGES } from '../../common/constants.js';
import { addDays, todayIn } from '../../common/dates.js';
import attendanceEnglish from '../../common/i18n/catalogues/attendance/en.json';
import { createClassWithStudents } from '../helpers/fixtures.js';
import { signIn as signInThroughApi } from '../helpers/church-session.js';
import {
  DEMO_CODE, DEMO_PASSWORD, PHONE, SESSION_KEYS, fitsViewportWidth, onPage, serviceWorkerInControl, signIn, signInAsDemo,
  useAppAndBrowser,
} from '../helpers/browser.js';
import { deviceRecords, putDeviceRecord } from '../helpers/device-db.js';

const env = useAppAndBrowser(undefined, { serviceWorkers: true });

/** The demo church keeps Asia/Kolkata time (server/modules/demo/seed.ts). */
const today = () => todayIn('Asia/Kolkata');

/** What the pages of these tests may log: the requests that fail while the context is offline, and
 * the 401 of a session revoked meanwhile. */
const OFFLINE_ERRORS = /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource|401/;

/** The demo church and its users' ids, read as the database's owner. */
async function demoIds() {
  const rows = await env.app.db.ownerQuery<{ church_id: string; user_id: string; email: string }>(sql`
    select c.id as church_id, u.id as user_id, u.email from churches c join users u on u.church_id = c.id where c.code = ${DEMO_CODE}`);
  const idOf = (role: 'teacher' | 'principal') => rows.find((r) => r.email === demoEmail(role, DEMO_CODE))!.user_id;
  return { churchId: rows[0].church_id, teacherId: idOf('teacher'), principalId: idOf('principal') };
}

/** The device's owner key of a demo user (client/src/lib/offline/device-db.ts ownerKey). */
const ownerOf = (userId: string) => `${DEMO_CODE}|${userId}`;

/** What the server stores for a class on a date: status and when, by student id. */
async function storedRows(classId: string, date: string) {
  const rows = await env.app.db.ownerQuery<{ student_id: string; status: string; marked_at: string }>(sql`
    select student_id, status, marked_at::text as marked_at from attendance
    where class_id = ${classId}::uuid and date = ${date}::date order by student_id`);
  return rows;
}
/** How many audit entries the church has (a replayed batch must add none). */
async function auditEntries(churchId: string) {
  const [row] = await env.app.db.ownerQuery<{ count: number }>(sql`
    select count(*)::int as count from audit_log where target_church_id = ${churchId}::uuid`);
  return row.count;
}
const storedStatuses = async (classId: string, date: string) =>
  Object.fromEntries((await storedRows(classId, date)).map((r) => [r.student_id, r.status]));

/** A tRPC request that carries attendance.sync (alone or in a batch: /trpc/attendance.sync?batch=1). */
const isSyncCall = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.split('/').pop()!.split(',').includes('attendance.sync');

/** Every attendance.sync request the context's pages make from now on (the page's own, not a
 * service worker's copy of it). */
function recordSyncRequests(context: BrowserContext): Request[] {
  const requests: Request[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && !request.serviceWorker() && isSyncCall(new URL(request.url()))) requests.push(request);
  });
  return requests;
}

const rows = (page: Page) => page.getByTestId('attendance-row');

/** Sets the first `count` students of the sheet absent, one tap each. */
async function tapAbsent(page: Page, count: number, from = 0) {
  for (let i = from; i < from + count; i++) {
    const row = rows(page).nth(i);
    await row.getByText('Absent', { exact: true }).click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('absent');
  }
}

/** The header's count of waiting marks (its accessible name), or null when it is not shown. */
const headerCount = (page: Page) => page.getByTestId('waiting-marks').getAttribute('aria-label', { timeout: 1_000 }).catch(() => null);

/** Mark Attendance's line while offline with `count` marks waiting (the issue's English). */
const offlineStatus = (count: number) => (count === 1
  ? 'Offline: 1 mark saved on this phone, it will be sent when you are online'
  : `Offline: ${count} marks saved on this phone, they will be sent when you are online`);

/** Opens Mark Attendance on a class and date and waits for its `students` rows. */
async function openSheet(page: Page, classId: string, date: string, students: number) {
  await page.goto(`/attendance?class=${classId}${date === today() ? '' : `&date=${date}`}`);
  await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
  await expect.poll(() => rows(page).count()).toBe(students);
}

/** The page's session token and church code (as the app stored them). */
const sessionOf = (page: Page) => page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)!), SESSION_KEYS);

describe('marks taken offline', () => {
  it('teacher at 375px: 25 taps offline wait on the phone, survive closing the page, and reach the server in one sync that a second copy changes nothing', async () => {
    const { churchId, teacherId } = await demoIds();
    const sheet = await createClassWithStudents(env.app.db, churchId, {
      teacherId, className: '6th', section: 'Offline', names: Array.from({ length: 26 }, (_, i) => `Offline ${String(i + 1).padStart(2, '0')}`),
    });
    const classId = sheet.class.id;
    const date = today();

    await onPage(env, PHONE, async (page) => {
      const context = page.context();
      const syncs = recordSyncRequests(context);
      await signInAsDemo(page, 'teacher');
      await openSheet(page, classId, date, 26);
      // After this first visit online the app opens from the device (service worker, kept answers).
      await serviceWorkerInControl(page);

      // No signal: each tap is kept on the phone at once, and the screen and the header say so.
      await context.setOffline(true);
      await page.getByRole('status').filter({ hasText: attendanceEnglish['attendance.offlineNothingWaiting'] }).waitFor();
      await tapAbsent(page, 25);
      await page.getByRole('status').filter({ hasText: offlineStatus(25) }).waitFor();
      await expect.poll(() => headerCount(page)).toBe('25 marks waiting to be sent');
      await page.getByRole('status', { name: '25 marks waiting to be sent', exact: true }).waitFor();
      const count = (await page.getByTestId('waiting-marks').boundingBox())!;
      expect(count.x).toBeGreaterThanOrEqual(0);
      expect(count.x + count.width).toBeLessThanOrEqual(PHONE.width);
      expect(await fitsViewportWidth(page)).toBe(true);
      expect(await deviceRecords(page, 'marks')).toHaveLength(25);
      await page.close();

      // The page closed and opened again, still offline: the 25 are there, and nothing was sent.
      const reopened = await context.newPage();
      await openSheet(reopened, classId, date, 26);
      const shown = await rows(reopened).evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
      expect(shown.filter((s) => s === 'absent')).toHaveLength(25);
      await reopened.getByRole('status').filter({ hasText: offlineStatus(25) }).waitFor();
      await expect.poll(() => headerCount(reopened)).toBe('25 marks waiting to be sent');
      expect(syncs).toHaveLength(0);

      // Back online: one sync, answered; the server holds the 25. The time from the `online` event to
      // the sync's answer is logged (a figure, not a check).
      await reopened.evaluate(() => {
        window.addEventListener('online', () => {
          (window as unknown as { onlineAt: number }).onlineAt = performance.now();
        }, { once: true });
      });
      const answered = reopened.waitForResponse((r) => isSyncCall(new URL(r.url())));
      await context.setOffline(false);
      const response = await answered;
      expect(response.status()).toBe(200);
      const firstAnswer: unknown = await response.json();
      await expect.poll(() => headerCount(reopened)).toBeNull();
      const figure = await reopened.evaluate(() => {
        const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('attendance.sync')) as PerformanceResourceTiming;
        const { onlineAt } = window as unknown as { onlineAt: number };
        return { total: entry.responseEnd - onlineAt, beforeRequest: entry.startTime - onlineAt, request: entry.responseEnd - entry.startTime };
      });
      console.info(`offline-marks: online → answer of the sync of 25 marks: ${figure.total.toFixed(0)} ms `
        + `(${figure.beforeRequest.toFixed(0)} ms until the request started, ${figure.request.toFixed(0)} ms the request)`);
      await reopened.getByTestId('last-sync').waitFor();
      expect(syncs).toHaveLength(1);
      const stored = await storedRows(classId, date);
      const absentIds = sheet.students.slice(0, 25).map((s) => s.id).sort();
      expect(stored.filter((r) => r.status === 'absent').map((r) => r.student_id).sort()).toEqual(absentIds);

      // A second copy of the same batch (the request as the page sent it) answers as the first and changes nothing.
      const audited = await auditEntries(churchId);
      const [token, code] = await sessionOf(reopened);
      const again = await fetch(`${env.app.url}${new URL(response.url()).pathname}${new URL(response.url()).search}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-church-code': code, 'content-type': 'application/json' },
        body: response.request().postData()!,
      });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(firstAnswer);
      expect(await storedRows(classId, date)).toEqual(stored);
      expect(await auditEntries(churchId)).toBe(audited);
      expect(syncs).toHaveLength(1);
      await reopened.close();
    }, { allowErrors: OFFLINE_ERRORS });
  });

  it('a principal marks a child online after the teacher tapped offline and before the sync: the principal\'s newer mark stays', async () => {
    const { churchId, teacherId } = await demoIds();
    const { class: cls, students } = await createClassWithStudents(env.app.db, churchId, { teacherId, className: '7th', section: 'Conflict', students: 3 });
    const date = addDays(today(), -1);
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');
      await openSheet(page, cls.id, date, 3);
      await page.context().setOffline(true);
      await tapAbsent(page, 1); // the first student, by roll number
      await page.getByRole('status').filter({ hasText: offlineStatus(1) }).waitFor();

      // Meanwhile the principal marks the class (the child present) online.
      const principal = await signInThroughApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);
      const marked = await principal.post('/api/attendance/mark', {
        classId: cls.id, date, attendanceData: students.map((s) => ({ studentId: s.id, status: 'present' })),
      });
      expect(marked.status).toBe(200);

      const answered = page.waitForResponse((r) => isSyncCall(new URL(r.url())));
      await page.context().setOffline(false);
      expect((await answered).status()).toBe(200);
      await expect.poll(() => headerCount(page)).toBeNull();
      expect((await storedStatuses(cls.id, date))[students[0].id]).toBe('present');
      // The sheet shows what the server kept.
      await expect.poll(() => rows(page).first().getAttribute('data-status')).toBe('present');
    }, { allowErrors: OFFLINE_ERRORS });
  });

  it('a session that expires offline keeps the queue: another user on the browser sees and sends none of it; the same teacher signs in and it is sent', async () => {
    const { churchId, teacherId, principalId } = await demoIds();
    const { class: cls, students } = await createClassWithStudents(env.app.db, churchId, { teacherId, className: '8th', section: 'Expired', students: 4 });
    const date = addDays(today(), -2);
    await onPage(env, PHONE, async (page) => {
      const context = page.context();
      const syncs = recordSyncRequests(context);
      await signInAsDemo(page, 'teacher');
      await openSheet(page, cls.id, date, 4);
      await context.setOffline(true);
      await tapAbsent(page, 2);
      await expect.poll(() => headerCount(page)).toBe('2 marks waiting to be sent');

      // The session ends on the server while the phone is offline.
      const [token] = await sessionOf(page);
      const revoked = await fetch(`${env.app.url}/api/auth/logout`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-church-code': DEMO_CODE },
      });
      expect(revoked.status).toBe(200);

      // Back online: the sync is refused (401), the sign-in screen shows, the batch stays on the phone.
      const refused = page.waitForResponse((r) => isSyncCall(new URL(r.url())));
      await context.setOffline(false);
      expect((await refused).status()).toBe(401);
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      const [batch] = await deviceRecords<{ id: string; owner: string; marks: unknown[] }>(page, 'batches');
      expect(batch.owner).toBe(ownerOf(teacherId));
      expect(batch.marks).toHaveLength(2);
      expect(syncs).toHaveLength(1);

      // Another user of the church signs in on the same browser: no count, nothing sent.
      await signIn(page, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);
      await page.getByRole('heading', { name: 'Principal Dashboard' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await headerCount(page)).toBeNull();
      expect(syncs).toHaveLength(1);
      expect((await deviceRecords<{ owner: string }>(page, 'batches')).map((b) => b.owner)).toEqual([ownerOf(teacherId)]);
      expect((await deviceRecords<{ owner: string }>(page, 'marks')).filter((m) => m.owner === ownerOf(principalId))).toEqual([]);
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(await deviceRecords(page, 'batches')).toHaveLength(1);

      // The same teacher again: the batch goes, under the same id, and the server holds it.
      const sent = page.waitForResponse((r) => isSyncCall(new URL(r.url())));
      await signIn(page, DEMO_CODE, demoEmail('teacher', DEMO_CODE), DEMO_PASSWORD);
      const answer = await sent;
      expect(answer.status()).toBe(200);
      expect(answer.request().postData()).toContain(batch.id);
      expect(syncs).toHaveLength(2);
      await expect.poll(() => deviceRecords(page, 'batches')).toEqual([]);
      const stored = await storedStatuses(cls.id, date);
      expect([stored[students[0].id], stored[students[1].id]]).toEqual(['absent', 'absent']);
    }, { allowErrors: OFFLINE_ERRORS });
  });

  it('logout with 3 marks waiting warns; Cancel keeps them, confirming removes them', async () => {
    const { churchId, teacherId } = await demoIds();
    const { class: cls } = await createClassWithStudents(env.app.db, churchId, { teacherId, className: '9th', section: 'Logout', students: 3 });
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');
      await openSheet(page, cls.id, today(), 3);
      await page.context().setOffline(true);
      await tapAbsent(page, 3);
      await expect.poll(() => headerCount(page)).toBe('3 marks waiting to be sent');

      await page.getByRole('button', { name: 'Logout' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('3 marks have not been sent and will be lost', { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await headerCount(page)).toBe('3 marks waiting to be sent');
      expect(await deviceRecords(page, 'marks')).toHaveLength(3);

      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Log out anyway' }).click();
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(await deviceRecords(page, 'marks')).toEqual([]);
      expect(await deviceRecords(page, 'batches')).toEqual([]);
      expect(await deviceRecords(page, 'drafts')).toEqual([]);
    }, { allowErrors: OFFLINE_ERRORS });
  });

  it('a waiting mark older than 14 days when it reaches the server is shown refused with the spec\'s message until dismissed', async () => {
    const { churchId, teacherId } = await demoIds();
    const { class: cls, students } = await createClassWithStudents(env.app.db, churchId, {
      teacherId, className: '10th', section: 'Old', names: ['Old Mark Student'],
    });
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');
      await openSheet(page, cls.id, today(), 1);
      // A mark kept on the phone three weeks ago and never sent (written as the app writes one).
      const date = addDays(today(), -21);
      await putDeviceRecord(page, 'marks', {
        owner: ownerOf(teacherId), classId: cls.id, studentId: students[0].id, date, status: 'absent',
        tappedAt: new Date(`${date}T04:00:00Z`).toISOString(), studentName: 'Old Mark Student',
      });

      // The app opens online: the mark is sent and refused, and shown with the spec's message.
      const answered = page.waitForResponse((r) => isSyncCall(new URL(r.url())));
      await page.reload();
      expect((await answered).status()).toBe(200);
      const refusal = page.getByTestId('refused-mark');
      await refusal.filter({ hasText: MESSAGES.attendanceTooOld }).filter({ hasText: 'Old Mark Student' }).waitFor();
      expect(await storedRows(cls.id, date)).toEqual([]);
      expect(await headerCount(page)).toBeNull();

      // Still there after a reload, until dismissed.
      await page.reload();
      await refusal.filter({ hasText: MESSAGES.attendanceTooOld }).waitFor();
      await refusal.getByRole('button', { name: attendanceEnglish['attendance.dismiss'] }).click();
      await refusal.waitFor({ state: 'detached' });
      expect(await deviceRecords(page, 'refused')).toEqual([]);
      await page.reload();
      await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
      await expect.poll(() => rows(page).count()).toBe(1);
      expect(await refusal.count()).toBe(0);
    });
  });
});
