import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, childDataReads, churches, students, users } from '../../drizzle/schema/index.js';
import { OPERATOR_MESSAGES } from '../../common/constants.js';
import { ADMIN_CHURCH_MESSAGES } from '../../common/schemas/admin-churches.js';
import { createOperator } from '../../server/modules/operators/index.js';
import { testSeedKey } from '../helpers/app.js';
import { totpCode } from '../helpers/totp.js';
import { DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, SESSION_KEYS, fitsViewportWidth, onPage, pathOf, signIn, useAppAndBrowser } from '../helpers/browser.js';

const env = useAppAndBrowser();

const OPERATOR_EMAIL = 'operator@platform.example.org';
const OPERATOR_PASSWORD = 'operator-password-1';
const OPERATOR_NAME = 'Olivia Operator';
const TABLET = { width: 768, height: 1024 };

/** A calendar date `days` from today (UTC), as the date input takes it. */
const dateInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('operator console', () => {
  it('an operator changes a church subscription; the church sees its new plan and the change is in Recent Activity', async () => {
    const { secret } = await createOperator(env.app.db, testSeedKey(), OPERATOR_EMAIL, OPERATOR_PASSWORD, OPERATOR_NAME);
    const endDate = dateInDays(60);

    const [demo] = await env.app.db.withPlatform((tx) => tx.update(churches).set({ trialExtensions: 2 }).where(eq(churches.code, DEMO_CODE))
      .returning({ id: churches.id }));
    // One read of a child's medical note in the church's access log, as the church records it.
    const [child] = await env.app.db.withTenant(demo.id, (tx) => tx.select({ id: students.id, name: students.name }).from(students).limit(1));
    await env.app.db.withTenant(demo.id, async (tx) => {
      const [reader] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.role, 'principal')).limit(1);
      await tx.insert(childDataReads).values({ churchId: demo.id, studentId: child.id, kind: 'medical_note', readerId: reader.id, readerName: reader.name, readerRole: 'principal' });
    });
    await onPage(env, DESKTOP, async (operator) => {
      // Unsigned, the console sends to its sign-in; a wrong password shows the server's message.
      await operator.goto('/admin/dashboard/churches');
      await operator.waitForURL((url) => url.pathname === '/admin-login');
      await operator.getByLabel('Email').fill(OPERATOR_EMAIL);
      await operator.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
      await operator.getByRole('button', { name: 'Sign In', exact: true }).click();
      await operator.getByRole('alert').getByText(OPERATOR_MESSAGES.invalidCredentials).waitFor();

      await operator.getByRole('textbox', { name: 'Password', exact: true }).fill(OPERATOR_PASSWORD);
      await operator.getByRole('button', { name: 'Sign In', exact: true }).click();
      // Then the code of the authenticator app.
      await operator.getByRole('heading', { name: 'Two-step verification' }).waitFor();
      await operator.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(secret));
      await operator.getByRole('button', { name: 'Verify', exact: true }).click();
      await operator.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
      expect(pathOf(operator)).toBe('/admin/dashboard');
      await operator.getByTestId('operator-name').getByText(OPERATOR_NAME).waitFor();
      // The session is the HttpOnly cookie; nothing is stored, and no church session is made.
      const [cookie] = await operator.context().cookies();
      expect(cookie).toMatchObject({ name: 'ss_operator', path: '/api/admin', httpOnly: true, sameSite: 'Strict' });
      const stored = await operator.evaluate(() => JSON.stringify({ ...localStorage }));
      expect(stored).not.toContain(cookie.value);
      expect(stored).not.toMatch(/operator/i);
      expect(await operator.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), SESSION_KEYS)).toEqual([null, null]);

      // The four stat cards with their captions.
      const totalChurches = operator.getByTestId('stat-total-churches');
      await totalChurches.getByText('All registered').waitFor();
      expect(Number((await totalChurches.getByTestId('stat-value').innerText()).replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
      await operator.getByTestId('stat-active-churches').getByText('Subscription active').waitFor();
      await operator.getByTestId('stat-total-users').getByText('Across all churches').waitFor();
      await operator.getByTestId('stat-new-churches').getByText('Church registrations').waitFor();
      // The console's nine screens, in the sidebar's order.
      const nav = operator.locator('#console-navigation');
      expect(await nav.getByRole('link').allInnerTexts()).toEqual([
        'Overview', 'Church Management', 'Associations', 'Pending Payments', 'Plans', 'User Management', 'Media Library', 'Analytics', 'Audit Logs',
      ]);
      expect(await operator.getByRole('link', { name: 'Manage Users' }).count()).toBe(1);
      await operator.setViewportSize(TABLET);
      expect(await fitsViewportWidth(operator)).toBe(true);
      await operator.setViewportSize(DESKTOP);

      // Church Management: find DEMO01 by search.
      await operator.getByRole('link', { name: 'Manage Churches' }).click();
      await operator.getByRole('heading', { name: 'Church Management', exact: true }).waitFor();
      expect(pathOf(operator)).toBe('/admin/dashboard/churches');
      await operator.getByRole('textbox', { name: 'Search' }).fill(DEMO_CODE);
      await operator.waitForURL((url) => url.searchParams.get('search') === DEMO_CODE);
      const rows = operator.getByTestId('church-row');
      await rows.filter({ hasText: `Code: ${DEMO_CODE}` }).waitFor();
      expect(await rows.count()).toBe(1);
      const row = rows.first();

      // The details of the church.
      await row.getByRole('button', { name: /^View Details/ }).click();
      const details = operator.getByRole('dialog', { name: 'Church Details' });
      await details.getByText('Days Active').waitFor();
      await details.getByText(DEMO_CODE, { exact: true }).waitFor();
      // The free-trial extensions the church took itself, counted.
      expect(await details.getByText('Trial Extensions', { exact: true }).locator('..').innerText()).toMatch(/^Trial Extensions\s+2$/);

      // Its access log of children's data, from the details: the read, its kind filter, on a phone too.
      await details.getByRole('button', { name: 'Access Log', exact: true }).click();
      const accessLog = operator.getByRole('dialog', { name: /^Access Log - / });
      const read = accessLog.getByTestId('access-log-row');
      await read.filter({ hasText: child.name }).waitFor();
      expect(await read.count()).toBe(1);
      expect(await read.innerText()).toMatch(/Medical note[\s\S]*Principal/);
      await operator.setViewportSize(PHONE);
      expect(await fitsViewportWidth(operator)).toBe(true);
      await operator.setViewportSize(DESKTOP);
      await accessLog.getByLabel('Kind').selectOption('consent_records');
      await accessLog.getByTestId('church-access-log-empty').getByText('No reads of this kind recorded.').waitFor();
      await accessLog.getByRole('button', { name: 'Close', exact: true }).click();
      await accessLog.waitFor({ state: 'hidden' });
      // Each answer of the log is audited, with the filter it was read with.
      const viewed = await env.app.db.withPlatform((tx) => tx.select({ details: auditLog.details }).from(auditLog)
        .where(and(eq(auditLog.action, 'church.access_log_viewed'), eq(auditLog.targetChurchId, demo.id))));
      expect(viewed.map((entry) => entry.details)).toEqual(expect.arrayContaining([
        expect.objectContaining({ kind: null, shown: 1 }), expect.objectContaining({ kind: 'consent_records', shown: 0 }),
      ]));

      // Manage Subscription: basic, active, an end date.
      await row.getByRole('button', { name: /^Manage Subscription/ }).click();
      const dialog = operator.getByRole('dialog', { name: /^Manage Subscription - / });
      await dialog.getByLabel('Subscription Tier').selectOption('basic');
      await dialog.getByLabel('Status').selectOption('active');
      await dialog.getByLabel('Subscription End Date').fill(endDate);
      await dialog.getByRole('button', { name: 'Update Subscription' }).click();
      await operator.getByText(ADMIN_CHURCH_MESSAGES.subscriptionUpdated, { exact: true }).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await row.getByTestId('tier-badge').getByText('Basic', { exact: true }).waitFor();
      await row.getByTestId('status-badge').getByText('Active', { exact: true }).waitFor();
      await row.getByTestId('end-date').getByText(endDate.slice(0, 4), { exact: false }).waitFor();
      expect(await row.getByTestId('created-date').innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);

      // Usable on a tablet: no horizontal scrolling at 768px.
      await operator.setViewportSize(TABLET);
      expect(await fitsViewportWidth(operator)).toBe(true);
      await operator.setViewportSize(DESKTOP);

      // A user of the church sees the Basic plan in the subscription badge.
      await onPage(env, DESKTOP, async (church) => {
        await church.goto('/login');
        await signIn(church, DEMO_CODE, 'teacher@demo01.example.org', DEMO_PASSWORD);
        await church.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
        await church.locator('header').getByTestId('subscription-badge').filter({ hasText: /^Basic · \d+ days left$/ }).waitFor();
      });

      // The change is in the overview's Recent Activity.
      await nav.getByRole('link', { name: 'Overview', exact: true }).click();
      const activity = operator.getByTestId('activity-entry').filter({ hasText: `Changed the subscription of church ${DEMO_CODE}` }).first();
      await activity.waitFor();
      // It names its church, and its time is written the Indian way ('2 Dec 2026, 1:04 pm'), whatever the browser's locale.
      expect((await activity.getByTestId('activity-church').innerText()).trim()).toBe(`Demo Church ${DEMO_CODE} (${DEMO_CODE}) ·`);
      expect(await activity.locator('time').innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm)$/);

      // And in the audit log, with the new values in its details.
      await operator.getByRole('link', { name: 'View all' }).click();
      await operator.getByRole('heading', { name: 'Audit Logs', exact: true }).waitFor();
      const change = operator.getByTestId('audit-row').filter({ has: operator.getByTestId('action-badge').getByText('subscription.updated', { exact: true }) }).first();
      await change.getByText(DEMO_CODE, { exact: false }).first().waitFor();
      expect(await change.getByTestId('audit-details').innerText()).toContain('basic');

      // Logout ends the session, clears its cookie and returns to the sign-in.
      await operator.getByRole('button', { name: 'Logout' }).click();
      await operator.waitForURL((url) => url.pathname === '/admin-login');
      expect(await operator.context().cookies()).toEqual([]);
      await operator.goto('/admin/dashboard');
      await operator.waitForURL((url) => url.pathname === '/admin-login');
    }, { allowErrors: /401|Unauthorized/ });
  });

  it('a church session does not open the console, and other admin paths go to the admin sign-in', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, DEMO_CODE, 'teacher@demo01.example.org', DEMO_PASSWORD);
      await page.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();

      await page.goto('/admin/dashboard');
      await page.waitForURL((url) => url.pathname === '/admin-login');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      await page.goto('/admin/anything');
      await page.waitForURL((url) => url.pathname === '/admin-login');

      // The church session is left as it was.
      await page.goto('/');
      await page.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
    });
  });
});
