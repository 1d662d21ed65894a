import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MOBILE_BREAKPOINT_PX } from '../../common/constants.js';
import { DESKTOP, onPage, pathOf, signIn, useAppAndBrowser } from '../helpers/browser.js';
import { createChurch, TEST_PASSWORD } from '../helpers/fixtures.js';
import { signIn as signInOverRest } from '../helpers/church-session.js';
import { createAssociation, officerEmail, signInOfficer } from '../helpers/associations.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';
import { pdfSample } from '../helpers/media-samples.js';

// The association officers' screens: the same sign-in screen with the association's code opens the
// association's area (never a church's), where the admin invites churches and publishes circulars
// whose read marks come back.

const env = useAppAndBrowser();
const PHONE_390 = { width: 390, height: 844 };

/** Opens an entry of the association's navigation, the drawer first on a phone. */
async function openEntry(page: Page, path: string) {
  const narrow = (page.viewportSize()?.width ?? Infinity) < MOBILE_BREAKPOINT_PX;
  if (narrow) await page.locator('button[aria-controls="association-navigation"][aria-expanded="false"]').click();
  await page.locator(`#association-navigation a[href="${path}"]`).click();
  await page.locator(`#association-navigation a[href="${path}"][aria-current="page"]`).waitFor({ state: 'attached' });
}

describe('the association area', () => {
  it('a phone at 390 px, Malayalam: the admin signs in with the association code, invites a church, and sees it a member once its super admin accepts', async () => {
    const association = await createAssociation(env.app.db, ['association_admin', 'valuer']);
    const church = await createChurch(env.app.db, { roles: ['super_admin'] });
    const t = translatorOf('ml', ['association', 'common']);
    await onPage(env, PHONE_390, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: association.code, email: officerEmail('association_admin', association.code), password: TEST_PASSWORD });
      await page.getByRole('heading', { name: association.association.name, level: 1 }).waitFor();
      expect(pathOf(page)).toBe('/association');
      expect(await page.getByTestId('member-count').innerText()).toBe(t('association.dashboard.memberCount', { count: 0 }));
      await expectFitsPhone(page);

      await openEntry(page, '/association/members');
      await page.getByRole('heading', { name: t('association.members.title'), level: 1 }).waitFor();
      await page.getByTestId('members-empty').waitFor();
      // A code no church has: the server's refusal, in Malayalam.
      await page.getByTestId('invite-code').fill('ZZZZZ9');
      await page.getByRole('button', { name: t('association.members.invite.submit'), exact: true }).click();
      await page.getByRole('alert').getByText(t('association.server.churchNotFound')).waitFor();
      await page.getByTestId('invite-code').fill(church.code.toLowerCase());
      await page.getByRole('button', { name: t('association.members.invite.submit'), exact: true }).click();
      const row = page.locator(`[data-testid="member-church"][data-code="${church.code}"]`);
      await row.waitFor();
      expect(await row.getByTestId('member-status').innerText()).toBe(t('association.members.status', { status: 'invited' }));
      expect(await row.innerText()).toContain(church.church.name);
      await expectFitsPhone(page);

      // The church's super admin accepts over REST; after a reload (the session restored by
      // association.session, never auth.verify) the church is a member.
      const admin = await signInOverRest(env.app.url, church.code, `superadmin@${church.code.toLowerCase()}.test`);
      const overview = await admin.get('/api/church-association');
      const invitation = overview.body.data.invitations[0].id as string;
      expect((await admin.post(`/api/church-association/invitations/${invitation}/accept`)).status).toBe(200);
      const verifyCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('auth.verify')) verifyCalls.push(request.url());
      });
      await page.reload();
      await row.getByTestId('member-status').getByText(t('association.members.status', { status: 'active' }), { exact: true }).waitFor();
      expect(verifyCalls).toEqual([]);
      await expectFitsPhone(page);
      // Malayalam's long words at 360 px too, on each of the admin's screens.
      await page.setViewportSize({ width: 360, height: 780 });
      await expectFitsPhone(page);
      await openEntry(page, '/association/sections');
      await page.getByTestId('sections-empty').waitFor();
      await expectFitsPhone(page);
      await openEntry(page, '/association/circulars');
      await page.getByTestId('circulars-empty').waitFor();
      await expectFitsPhone(page);

      // The association's session reaches no church screen: / and /login lead back to its area.
      await page.goto('/');
      await page.waitForURL('**/association');
      await page.goto('/login');
      await page.waitForURL('**/association');
      expect(await page.getByTestId('member-count').innerText()).toBe(t('association.dashboard.memberCount', { count: 1 }));

      // Sign-out revokes the session (association.logout): its token is refused afterwards.
      const token = await page.evaluate(() => localStorage.getItem('sundayschool.session.token'));
      await page.getByRole('button', { name: t('common.logout') }).click();
      await page.waitForURL('**/login');
      const after = await fetch(`${env.app.url}/api/association/session`, { headers: { Authorization: `Bearer ${token}`, 'X-Church-Code': association.code } });
      expect(after.status).toBe(401);
    }, { allowErrors: /status of 404/ }); // the code no church has

    // A valuer sees the dashboard's note and none of the member screens.
    await onPage(env, PHONE_390, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: association.code, email: officerEmail('valuer', association.code), password: TEST_PASSWORD });
      await page.getByTestId('valuer-note').waitFor();
      expect(await page.getByTestId('valuer-note').innerText()).toBe(t('association.valuerNote'));
      await page.goto('/association/members');
      await page.waitForURL('**/association');
      await page.getByTestId('valuer-note').waitFor();
      await expectFitsPhone(page);
    });
  });

  it('desktop, English: the admin publishes a circular to a section, and sees who of its churches read it', async () => {
    const association = await createAssociation(env.app.db, ['association_admin']);
    const officer = await signInOfficer(env.app.url, association.code, officerEmail('association_admin', association.code));
    const inSection = await createChurch(env.app.db, { roles: ['super_admin', 'principal'] });
    const elsewhere = await createChurch(env.app.db, { roles: ['super_admin'] });
    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, association.code, officerEmail('association_admin', association.code), TEST_PASSWORD);
      await page.getByRole('heading', { name: association.association.name, level: 1 }).waitFor();

      // The section is added on the Sections screen; the churches join over REST, one in the section.
      await openEntry(page, '/association/sections');
      await page.getByTestId('sections-empty').waitFor();
      await page.getByLabel('Section name').fill('North');
      await page.getByRole('button', { name: 'Add section', exact: true }).click();
      await page.getByTestId('section').getByText('North', { exact: true }).waitFor();
      const sections = await officer.get('/api/association/sections');
      const north = sections.body.data.find((s: { name: string }) => s.name === 'North').id as string;
      for (const [church, sectionId] of [[inSection, north], [elsewhere, null]] as const) {
        const invited = await officer.post('/api/association/members', { church_code: church.code, section_id: sectionId });
        const admin = await signInOverRest(env.app.url, church.code, `superadmin@${church.code.toLowerCase()}.test`);
        expect((await admin.post(`/api/church-association/invitations/${invited.body.data.membership_id}/accept`)).status).toBe(200);
      }

      await openEntry(page, '/association/circulars');
      await page.getByTestId('circulars-empty').waitFor();
      await page.getByLabel('Title').fill('Annual examination: registration');
      await page.getByLabel('Text').fill('Register the candidates of class 10 by 15 January.');
      await page.getByTestId('circular-audience').selectOption({ label: 'Section North' });
      // A page named .pdf is refused in the server's words, and nothing is published.
      const form = page.getByTestId('publish-form');
      await form.locator('input[type="file"]').setInputFiles({ name: 'form.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html></html>') });
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await form.getByRole('alert').getByText('The attached file is not a PDF. Attach a PDF document, or none.').waitFor();
      expect(await page.getByTestId('circulars-empty').count()).toBe(1);
      await form.locator('input[type="file"]').setInputFiles({ name: 'registration form.pdf', mimeType: 'application/pdf', buffer: pdfSample() });
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const circular = page.getByTestId('circular').filter({ hasText: 'Annual examination: registration' });
      await circular.waitFor();
      expect(await circular.getByTestId('circular-read-count').innerText()).toBe('Read by 0 of 1 churches');
      expect(await circular.innerText()).toContain('registration form.pdf');
      // The officer downloads the PDF as it was attached.
      const downloaded = page.waitForEvent('download');
      await circular.getByTestId('circular-pdf').click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toBe('registration_form.pdf');
      expect((await readFile(await download.path())).equals(pdfSample())).toBe(true);

      // The section's principal opens it (the other church never received it).
      const principal = await signInOverRest(env.app.url, inSection.code, `principal@${inSection.code.toLowerCase()}.test`);
      const received = await principal.get('/api/church-association/circulars');
      const id = received.body.data[0].id as string;
      expect((await principal.post(`/api/church-association/circulars/${id}/read`)).status).toBe(200);
      const other = await signInOverRest(env.app.url, elsewhere.code, `superadmin@${elsewhere.code.toLowerCase()}.test`);
      expect((await other.get('/api/church-association/circulars')).body.data).toEqual([]);

      await page.reload();
      expect(await circular.getByTestId('circular-read-count').innerText()).toBe('Read by 1 of 1 churches');
      await circular.getByRole('link', { name: 'Who has read it' }).click();
      await page.getByRole('heading', { name: 'Annual examination: registration', level: 1 }).waitFor();
      const reader = page.locator(`[data-testid="reader-church"][data-code="${inSection.code}"]`);
      await reader.getByTestId('reader').waitFor();
      expect(await reader.getByTestId('reader').innerText()).toContain(`principal of ${inSection.code} (Principal)`);
      expect(await page.getByTestId('reader-church').count()).toBe(1);
      expect(await page.getByTestId('circular-text').innerText()).toBe('Register the candidates of class 10 by 15 January.');
      // The refused page's 415, which the browser logs.
    }, { allowErrors: /status of 415/ });

    // The section's principal finds the download on the dashboard's Circulars card, at 390 px too.
    await onPage(env, PHONE_390, async (page) => {
      await page.goto('/login');
      await signIn(page, inSection.code, `principal@${inSection.code.toLowerCase()}.test`, TEST_PASSWORD);
      const received = page.getByTestId('circulars-card').getByTestId('circular').filter({ hasText: 'Annual examination: registration' });
      await received.waitFor();
      const downloaded = page.waitForEvent('download');
      await received.getByRole('button', { name: 'Download the PDF' }).click();
      expect((await readFile(await (await downloaded).path())).equals(pdfSample())).toBe(true);
      await expectFitsPhone(page);
    });
  });
});
