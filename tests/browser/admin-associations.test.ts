import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_ASSOCIATION_MESSAGES, ASSOCIATION_BILLING_NOTE } from '../../common/schemas/admin-associations.js';
import { PASSWORD_MESSAGES } from '../../common/schemas/password.js';
import { associationOfficers, associations, auditLog } from '../../drizzle/schema/index.js';
import { api, createChurch } from '../helpers/fixtures.js';
import { DESKTOP, fitsViewportWidth, onPage, openConsoleAsNewOperator, useAppAndBrowser } from '../helpers/browser.js';
import type { Page } from 'playwright-core';

const env = useAppAndBrowser();
/** The width of a common phone. */
const PHONE_390 = { width: 390, height: 844 };
const ADMIN_PASSWORD = 'diocese-admin-pass';

const newCode = () => `C${randomBytes(3).toString('hex').slice(0, 5).toUpperCase()}`;
const associationOf = async (code: string) =>
  (await env.app.db.withPlatform((tx) => tx.select().from(associations).where(eq(associations.code, code))))[0];

/** Fills the Create association form (the code typed in small letters). */
async function fillForm(page: Page, values: { name: string; code: string; email: string; password: string }) {
  const form = page.getByRole('form', { name: 'Create association' });
  await form.getByRole('textbox', { name: 'Association name' }).fill(values.name);
  await form.getByRole('textbox', { name: 'Association code' }).fill(values.code.toLowerCase());
  await form.getByRole('combobox', { name: 'Kind' }).selectOption('district');
  await form.getByRole('combobox', { name: 'Main language' }).selectOption('ml');
  await form.getByRole('group', { name: 'Also uses' }).getByRole('checkbox', { name: 'English' }).check();
  await form.getByRole('textbox', { name: 'Admin\'s name' }).fill('Fr. Thomas');
  await form.getByRole('textbox', { name: 'Admin\'s email' }).fill(values.email);
  await form.getByLabel('Initial password').fill(values.password);
  return form;
}

describe('operator console: associations', () => {
  it('at desktop: the empty list, a church\'s code refused, then an association created with its first admin, who signs in with its code', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await openConsoleAsNewOperator(env, page);
      await page.locator('#console-navigation').getByRole('link', { name: 'Associations', exact: true }).click();
      await page.getByRole('heading', { name: 'Associations', exact: true }).waitFor();
      await page.getByTestId('associations-empty').getByText('No association has been created yet').waitFor();
      // Associations do not pay: the screen says so.
      await page.getByText(ASSOCIATION_BILLING_NOTE, { exact: false }).first().waitFor();

      await page.getByRole('button', { name: 'Create association' }).click();
      const church = await createChurch(env.app.db, { roles: ['super_admin'] });
      const code = newCode();
      const email = `secretary@${code.toLowerCase()}.district.test`;
      // Checked in the browser first: a short password, nothing sent.
      let form = await fillForm(page, { name: 'Kottayam District SSA', code: church.code, email, password: 'short' });
      await form.getByRole('button', { name: 'Create association' }).click();
      await form.getByText(PASSWORD_MESSAGES.tooShort).waitFor();
      // A church's code: the server's 409, under the code and in the alert.
      await form.getByLabel('Initial password').fill(ADMIN_PASSWORD);
      await form.getByRole('button', { name: 'Create association' }).click();
      await form.getByRole('alert').getByText(ADMIN_ASSOCIATION_MESSAGES.codeOfChurch, { exact: false }).waitFor();
      expect(await associationOf(church.code)).toBeUndefined();

      form = page.getByRole('form', { name: 'Create association' });
      await form.getByRole('textbox', { name: 'Association code' }).fill(code.toLowerCase());
      await form.getByRole('button', { name: 'Create association' }).click();
      await form.waitFor({ state: 'detached' });

      const row = page.getByTestId('association-row').filter({ hasText: `Code: ${code}` });
      await row.waitFor();
      await row.getByText('Kottayam District SSA').waitFor();
      await row.getByText('District', { exact: true }).waitFor();
      await row.getByText('Malayalam, English').waitFor();
      await row.getByText('Member churches: 0').waitFor();
      await row.getByText('Officers: 1').waitFor();
      expect(await row.getByTestId('association-status').textContent()).toBe('Active');

      const saved = await associationOf(code);
      expect(saved).toMatchObject({ name: 'Kottayam District SSA', kind: 'district', languages: ['ml', 'en'], isActive: true });
      const [officer] = await env.app.db.withPlatform((tx) => tx.select().from(associationOfficers).where(eq(associationOfficers.associationId, saved.id)));
      expect(officer).toMatchObject({ role: 'association_admin', name: 'Fr. Thomas', email });
      const login = await api(env.app.url, 'POST', '/api/auth/login', { body: { church_code: code, email, password: ADMIN_PASSWORD } });
      expect([login.status, login.body.data?.kind, login.body.data?.association.code]).toEqual([200, 'association', code]);

      // The audit log shows the entry under the association (no church).
      await page.locator('#console-navigation').getByRole('link', { name: 'Audit Logs', exact: true }).click();
      const entry = page.getByTestId('audit-row').filter({ hasText: 'association.created' }).first();
      await entry.getByTestId('audit-association').getByText('Kottayam District SSA').waitFor();

      // The overview counts it.
      await page.locator('#console-navigation').getByRole('link', { name: 'Overview', exact: true }).click();
      const card = page.getByTestId('stat-associations');
      await card.getByTestId('stat-value').getByText('1', { exact: true }).waitFor();

      // Deactivated from the list, after a confirmation; audited.
      await page.locator('#console-navigation').getByRole('link', { name: 'Associations', exact: true }).click();
      await row.getByRole('button', { name: 'Deactivate Kottayam District SSA' }).click();
      const dialog = page.getByRole('dialog', { name: 'Deactivate Kottayam District SSA?' });
      await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await row.getByTestId('association-status').getByText('Inactive').waitFor();
      const deactivated = await env.app.db.withPlatform((tx) => tx.select().from(auditLog)
        .where(and(eq(auditLog.targetAssociationId, saved.id), eq(auditLog.action, 'association.deactivated'))));
      expect(deactivated).toHaveLength(1);
      await row.getByRole('button', { name: 'Reactivate Kottayam District SSA' }).click();
      await row.getByTestId('association-status').getByText('Active', { exact: true }).waitFor();
    }, { allowErrors: /409|Conflict/ });
  });

  it('at 390 px: the screen fits, and an association is created from the form', async () => {
    await onPage(env, PHONE_390, async (page) => {
      await openConsoleAsNewOperator(env, page, '/admin/dashboard/associations');
      await page.getByRole('heading', { name: 'Associations', exact: true }).waitFor();
      await page.getByTestId('associations-table').waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);

      await page.getByRole('button', { name: 'Create association' }).click();
      const code = newCode();
      const form = await fillForm(page, { name: 'Thrissur Region', code, email: `admin@${code.toLowerCase()}.region.test`, password: ADMIN_PASSWORD });
      expect(await fitsViewportWidth(page)).toBe(true);
      await form.getByRole('button', { name: 'Create association' }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByTestId('association-row').filter({ hasText: `Code: ${code}` }).getByText('Thrissur Region').waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      expect(await associationOf(code)).toMatchObject({ name: 'Thrissur Region', isActive: true });
    });
  });
});
