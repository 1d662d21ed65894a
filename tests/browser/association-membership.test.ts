import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createChurch, TEST_PASSWORD, type Json } from '../helpers/fixtures.js';
import { signIn as signInThroughApi } from '../helpers/church-session.js';
import { createAssociation, officerEmail, signInOfficer } from '../helpers/associations.js';
import { DESKTOP, onPage, openFromNavigation, signIn, textShown, useAppAndBrowser } from '../helpers/browser.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

// The church's side of its association through the real server and Chromium (issue 45): an
// association's admin invites a church (REST, as an officer); the church's super admin, at 390 px in
// Malayalam, accepts on the Configuration screen's Association card, is refused a second association
// in the server's words, and leaves after the dialog's warning. A circular to a section reaches the
// principal's dashboard unread; opening it marks it read, and the association's readers list names
// the principal. A teacher's dashboard has no circulars.

const env = useAppAndBrowser();
const PHONE_390 = { width: 390, height: 800 };

const account = (code: string, role: string) => ({ code, email: `${role.replace('_', '')}@${code.toLowerCase()}.test`, password: TEST_PASSWORD });

/** An association with its admin signed in through POST /api/association/login. */
async function associationWithAdmin() {
  const association = await createAssociation(env.app.db, ['association_admin']);
  const admin = await signInOfficer(env.app.url, association.code, officerEmail('association_admin', association.code));
  return { ...association, admin };
}

/** The page's width narrowed to each phone width in turn: nothing scrolls sideways, no button's text in `scope` is cut. */
async function expectFitsPhones(page: Page, scope: Locator) {
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: PHONE_390.height });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
    await expectFitsPhone(page, scope);
  }
}

describe('association membership', () => {
  it('at 390 px in Malayalam: the super admin accepts an invitation, is refused a second association in the server\'s words, and leaves', async () => {
    const t = translatorOf('ml', ['membership']);
    const church = await createChurch(env.app.db, { roles: ['super_admin', 'principal'] });
    const x = await associationWithAdmin();
    const y = await associationWithAdmin();
    const invited = await x.admin.post('/api/association/members', { church_code: church.code });
    expect(invited.status, invited.body.message).toBe(201);
    expect((await y.admin.post('/api/association/members', { church_code: church.code })).status).toBe(201);

    await onPage(env, PHONE_390, async (page) => {
      await signInChoosingLanguage(page, 'ml', account(church.code, 'super_admin'));
      await page.locator('main').waitFor();
      await openFromNavigation(page, '/configuration');
      const card = page.getByTestId('association-card');
      await card.getByRole('heading', { name: t('membership.card.title'), exact: true }).waitFor();
      await card.getByText(t('membership.card.none')).waitFor();
      const invitations = card.getByTestId('association-invitation');
      await expect.poll(() => invitations.count()).toBe(2);
      await card.scrollIntoViewIfNeeded();
      await expectFitsPhones(page, card);
      await page.setViewportSize(PHONE_390);

      const fromX = invitations.filter({ hasText: x.association.name });
      await fromX.getByRole('button', { name: t('membership.invitation.accept') }).click();
      const membership = card.getByTestId('association-membership');
      await membership.getByText(x.association.name, { exact: true }).waitFor();
      await membership.getByText(t('membership.kind.diocese'), { exact: true }).waitFor();
      const [beforeDate, afterDate] = t('membership.card.since', { date: '@' }).split('@');
      expect(await membership.innerText()).toMatch(new RegExp(`${beforeDate}\\d.*\\d${afterDate}`));
      await expect.poll(() => invitations.count()).toBe(1);
      await expect.poll(async () => (await x.admin.get('/api/association/members')).body.data
        .find((m: Json) => m.church_code === church.code)?.status).toBe('active');

      // A church belongs to one association: the second invitation's Accept is refused, said in Malayalam.
      await invitations.filter({ hasText: y.association.name }).getByRole('button', { name: t('membership.invitation.accept') }).click();
      await card.getByRole('alert').getByText(t('membership.memberElsewhere')).waitFor();
      await expectFitsPhones(page, card);
      await page.setViewportSize(PHONE_390);

      // Leaving: the dialog says what the association loses; once confirmed the card says the church belongs to none.
      await membership.getByRole('button', { name: t('membership.leave.button') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(t('membership.leave.text')).waitFor();
      await expectFitsPhone(page, dialog);
      const left = textShown(page, t('membership.leave.done'));
      await dialog.getByRole('button', { name: t('membership.leave.confirm'), exact: true }).click();
      await left;
      await card.getByText(t('membership.card.none')).waitFor();
      expect(JSON.stringify((await x.admin.get('/api/association/members')).body.data)).not.toContain(church.code);
    }, { allowErrors: /409/ });
  });

  it.each(['ta', 'hi'] as const)('at 390 and 360 px in %s: a member church\'s card with an invitation fits the phone', async (locale) => {
    const t = translatorOf(locale, ['membership']);
    const church = await createChurch(env.app.db, { roles: ['super_admin'] });
    const x = await associationWithAdmin();
    const y = await associationWithAdmin();
    const invited = await x.admin.post('/api/association/members', { church_code: church.code });
    const superAdmin = await signInThroughApi(env.app.url, church.code, account(church.code, 'super_admin').email);
    expect((await superAdmin.post(`/api/church-association/invitations/${invited.body.data.membership_id}/accept`)).status).toBe(200);
    expect((await y.admin.post('/api/association/members', { church_code: church.code })).status).toBe(201);
    await onPage(env, PHONE_390, async (page) => {
      await signInChoosingLanguage(page, locale, account(church.code, 'super_admin'));
      await page.locator('main').waitFor();
      await openFromNavigation(page, '/configuration');
      const card = page.getByTestId('association-card');
      await card.getByTestId('association-membership').getByRole('button', { name: t('membership.leave.button') }).waitFor();
      await card.getByTestId('association-invitation').getByRole('button', { name: t('membership.invitation.decline') }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await expectFitsPhones(page, card);
    });
  });

  it('at desktop in English: a circular to the church\'s section reaches the principal unread, opening it marks it read, and the association sees who read it', async () => {
    const church = await createChurch(env.app.db, { roles: ['super_admin', 'principal', 'teacher'] });
    const x = await associationWithAdmin();
    const section = await x.admin.post('/api/association/sections', { name: `Kottayam ${x.code}` });
    expect(section.status, section.body.message).toBe(201);
    const invited = await x.admin.post('/api/association/members', { church_code: church.code, section_id: section.body.data.id });
    expect(invited.status, invited.body.message).toBe(201);
    const superAdmin = await signInThroughApi(env.app.url, church.code, account(church.code, 'super_admin').email);
    expect((await superAdmin.post(`/api/church-association/invitations/${invited.body.data.membership_id}/accept`)).status).toBe(200);
    const title = `Annual examination ${randomUUID().slice(0, 6)}`;
    const body = 'The central examination is written on 14 March 2027, 2 pm, in every church of the section.';
    const published = await x.admin.post('/api/association/circulars', { title, body, section_id: section.body.data.id });
    expect(published.status, published.body.message).toBe(201);
    const circularId = published.body.data.id as string;

    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, church.code, account(church.code, 'principal').email, TEST_PASSWORD);
      await page.getByRole('heading', { name: 'Principal Dashboard' }).waitFor();
      const card = page.getByTestId('circulars-card');
      await card.getByRole('heading', { name: 'Circulars' }).waitFor();
      const circular = card.getByTestId('circular').filter({ hasText: title });
      await circular.getByTestId('circular-unread').getByText('Unread').waitFor();
      await card.getByTestId('circulars-unread-count').getByText('1 unread').waitFor();
      expect(await circular.innerText()).toContain(x.association.name);
      expect(await circular.getByTestId('circular-readers').count()).toBe(0);

      await circular.getByRole('button', { name: title }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByTestId('circular-body').getByText(body).waitFor();
      await dialog.getByText(`Sent by association_admin of ${x.code} of ${x.association.name}`, { exact: false }).waitFor();
      await dialog.getByTestId('circular-read').getByText('Read').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await circular.getByTestId('circular-read').getByText('Read').waitFor();
      await circular.getByTestId('circular-readers').getByText(`Read by principal of ${church.code}`).waitFor();
      expect(await card.getByTestId('circulars-unread-count').count()).toBe(0);
    });

    const readers = await x.admin.get(`/api/association/circulars/${circularId}/readers`);
    expect(readers.status).toBe(200);
    expect(readers.body.data).toEqual([expect.objectContaining({
      church_code: church.code, read: true, readers: [expect.objectContaining({ name: `principal of ${church.code}`, role: 'principal' })],
    })]);

    // A teacher of the same church has no circulars on the dashboard.
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, church.code, account(church.code, 'teacher').email, TEST_PASSWORD);
      await page.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
      await page.getByTestId('usage-students').waitFor();
      expect(await page.getByTestId('circulars-card').count()).toBe(0);
    });
  });
});
