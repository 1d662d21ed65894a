import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { churches } from '../../drizzle/schema/index.js';
import { auditChurchChange, auditOperatorAction } from '../../server/modules/audit/index.js';
import { createChurch, signInNewOperator } from '../helpers/fixtures.js';
import { DEMO_CODE, DESKTOP, PHONE, fitsViewportWidth, onPage, openConsoleAs, pathOf, useAppAndBrowser } from '../helpers/browser.js';

const env = useAppAndBrowser();

const TABLET = { width: 768, height: 1024 };

/** The UTC month `back` months before this one, as the chart names it ('Nov 2026'). */
const monthLabel = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
    .toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
};

/** The growth figures the page offers screen readers: month → new churches. */
const growthRows = async (page: Page) => {
  const rows = await page.getByTestId('growth-table').locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', Number(tr.querySelector('td')?.textContent)] as const));
  return new Map(rows);
};

describe('operator console: analytics and audit logs', () => {
  it('Analytics: plan cards, top churches and a growth chart whose period is applied by the server', async () => {
    const operator = await signInNewOperator(env.app.db, env.app.url);
    // A lifetime church suspended 8 months ago: its own card, and a month only Last Year reaches.
    const old = await createChurch(env.app.db, { tier: 'lifetime', status: 'suspended', roles: ['guest'] });
    const oldMonth = new Date();
    oldMonth.setUTCDate(15);
    oldMonth.setUTCMonth(oldMonth.getUTCMonth() - 8);
    await env.app.db.withPlatform((tx) => tx.update(churches).set({ createdAt: oldMonth }).where(eq(churches.id, old.church.id)));

    await onPage(env, DESKTOP, async (page) => {
      await openConsoleAs(page, operator);
      const nav = page.locator('#console-navigation');
      await nav.getByRole('link', { name: 'Analytics', exact: true }).waitFor();
      await nav.getByRole('link', { name: 'Audit Logs', exact: true }).waitFor();
      const totalChurches = Number((await page.getByTestId('stat-total-churches').getByTestId('stat-value').innerText()).replace(/,/g, ''));

      await page.getByRole('link', { name: 'View Analytics' }).click();
      await page.getByRole('heading', { name: 'Analytics', exact: true }).waitFor();
      expect(pathOf(page)).toBe('/admin/dashboard/analytics');

      // One card per tier and status; together they count every church.
      const cards = page.getByTestId('subscription-stat');
      await cards.first().waitFor();
      await cards.filter({ hasText: 'Lifetime' }).filter({ hasText: 'Suspended' }).getByTestId('stat-value').getByText('1', { exact: true }).waitFor();
      const counts = await cards.getByTestId('stat-value').allInnerTexts();
      expect(counts.reduce((sum, text) => sum + Number(text.replace(/,/g, '')), 0)).toBe(totalChurches);

      // The demo church, with its figures, among the top churches.
      const demo = page.getByTestId('top-church').filter({ hasText: `Code: ${DEMO_CODE}` });
      await demo.getByText(/^\d+ users? · \d+ class(es)?$/).waitFor();

      // Last 6 Months (default): six bars, this month's registrations drawn.
      await page.getByTestId('growth-chart').locator('.recharts-bar-rectangle path').first().waitFor();
      expect([...(await growthRows(page)).keys()]).toEqual([5, 4, 3, 2, 1, 0].map(monthLabel));
      expect((await growthRows(page)).get(monthLabel(0))).toBeGreaterThanOrEqual(1);

      // Last 3 Months, then Last Year: the server answers the months asked for.
      const period = page.getByLabel('Period');
      await period.selectOption({ label: 'Last 3 Months' });
      await page.waitForURL((url) => url.searchParams.get('period') === '3');
      await expect.poll(async () => [...(await growthRows(page)).keys()]).toEqual([2, 1, 0].map(monthLabel));
      await period.selectOption({ label: 'Last Year' });
      await page.waitForURL((url) => url.searchParams.get('period') === '12');
      await expect.poll(async () => (await growthRows(page)).size).toBe(12);
      expect((await growthRows(page)).get(monthLabel(8))).toBe(1);
      expect(await page.getByTestId('growth-chart').getByText(monthLabel(0)).count()).toBeGreaterThanOrEqual(1);

      // Back returns to the previous period.
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('period') === '3');
      await expect.poll(async () => (await growthRows(page)).size).toBe(3);
      expect(await period.inputValue()).toBe('3');

      for (const size of [TABLET, PHONE]) {
        await page.setViewportSize(size);
        expect(await fitsViewportWidth(page)).toBe(true);
      }
    });
  });

  it('Audit Logs: opened from Recent Activity, as many entries as chosen, details as JSON', async () => {
    const operator = await signInNewOperator(env.app.db, env.app.url);
    const church = await createChurch(env.app.db);
    // 60 operator entries, then a church user's change: the newest.
    for (let i = 0; i < 60; i++) {
      await env.app.db.withPlatform((tx) => auditOperatorAction(tx, {
        operator, churchId: church.church.id, action: 'church.viewed', resourceType: 'church', resourceId: church.church.id,
        details: { i, fields: ['name', 'code'] }, description: `Looked at ${church.code} (${i})`,
      }));
    }
    const principal = church.users.principal;
    await env.app.db.withTenant(church.church.id, (tx) => auditChurchChange(tx, {
      user: { id: principal.id, name: principal.name, role: principal.role }, action: 'user.updated', resourceType: 'user',
      resourceId: principal.id, details: { changed: ['phone'] }, description: 'Updated a user',
    }));

    await onPage(env, DESKTOP, async (page) => {
      await openConsoleAs(page, operator);
      await page.getByTestId('recent-activity').getByRole('link', { name: 'View all' }).click();
      await page.getByRole('heading', { name: 'Audit Logs', exact: true }).waitFor();
      expect(pathOf(page)).toBe('/admin/dashboard/audit-logs');

      // 50 by default, newest first: the church user's change, then the operator's reads.
      const rows = page.getByTestId('audit-row');
      await expect.poll(() => rows.count()).toBe(50);
      const newest = rows.nth(0);
      await newest.getByText('Church user', { exact: true }).waitFor();
      await newest.getByText('principal', { exact: true }).waitFor();
      await newest.getByTestId('action-badge').getByText('user.updated').waitFor();
      const operatorRow = rows.nth(1);
      await operatorRow.getByText(`Admin #${operator.id.slice(0, 8)}`, { exact: true }).waitFor();
      await operatorRow.getByText(operator.email, { exact: true }).waitFor();
      await operatorRow.getByText(church.church.name, { exact: true }).waitFor();
      await operatorRow.getByText(`Code: ${church.code}`, { exact: true }).waitFor();
      const details = JSON.parse(await operatorRow.getByTestId('audit-details').innerText()) as Record<string, unknown>;
      expect(details).toEqual({ i: 59, fields: ['name', 'code'], by_operator_email: operator.email });

      const count = page.getByLabel('Records');
      await count.selectOption('25');
      await page.waitForURL((url) => url.searchParams.get('limit') === '25');
      await expect.poll(() => rows.count()).toBe(25);
      await count.selectOption('100');
      await expect.poll(() => rows.count()).toBeGreaterThan(60);

      for (const size of [TABLET, PHONE]) {
        await page.setViewportSize(size);
        expect(await fitsViewportWidth(page)).toBe(true);
      }
    });
  });
});
