import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { signIn as signInThroughApi, type ChurchSession } from '../helpers/church-session.js';
import { createChurch, createClassWithStudents, TEST_PASSWORD } from '../helpers/fixtures.js';
import { DESKTOP, onPage, useAppAndBrowser } from '../helpers/browser.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

const env = useAppAndBrowser();

/** A phone at 390 px, as a principal holds hers. */
const PHONE_390 = { width: 390, height: 780 };

/** A church whose child has three guardians: one who agreed to messages and has WhatsApp, one
 * without WhatsApp, one who has WhatsApp and did not agree; and a ready export of the child. */
async function childWithReadyExport(names: [string, string, string], childName: string) {
  const { church, code, users } = await createChurch(env.app.db);
  const { students: [child] } = await createClassWithStudents(env.app.db, church.id, { teacherId: users.teacher.id, names: [childName] });
  const principal: ChurchSession = await signInThroughApi(env.app.url, code, users.principal.email, TEST_PASSWORD);
  const put = await principal.put(`/api/students/${child.id}/guardians`, { guardians: [
    { name: names[0], relation: 'mother', phone: '98470 12345', whatsapp: 'phone', contact_consent: true, language: 'ml' },
    { name: names[1], relation: 'father', phone: '98470 54321', whatsapp: 'none', contact_consent: true },
    { name: names[2], relation: 'relative', phone: '98470 11111', whatsapp: 'phone', contact_consent: false },
  ] });
  expect(put.status, put.body.message).toBe(200);
  const started = await principal.post(`/api/students/${child.id}/export`);
  expect(started.status, started.body.message).toBe(202);
  await env.app.server.services.background.idle();
  return { code, users, child };
}

/** The offer under the export: a WhatsApp link for the first guardian only, the others told why not. */
async function expectOffer(documents: Locator, t: ReturnType<typeof translatorOf>, names: [string, string, string]) {
  const row = documents.getByTestId('family-export');
  await row.getByRole('button', { name: t('privacy.documents.sendWhatsapp'), exact: true }).click();
  const offer = row.getByTestId('send-on-whatsapp');
  await offer.waitFor();
  const send = offer.getByRole('link', { name: t('privacy.documents.sendTo', { name: names[0] }), exact: true });
  expect(await send.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/919847012345\?text=.*%2Fapi%2Fexports%2Fdownload%2F/);
  expect(await offer.getByRole('link').count()).toBe(1);
  const guardians = offer.getByTestId('whatsapp-guardian');
  await guardians.filter({ hasText: names[1] }).getByText(t('privacy.documents.noWhatsapp'), { exact: true }).waitFor();
  await guardians.filter({ hasText: names[2] }).getByText(t('privacy.documents.noConsent'), { exact: true }).waitFor();
  // Until when the link works, in the language's words around the time.
  const [before, after] = t('privacy.documents.linkExpires', { time: '\u0000' }).split('\u0000');
  const said = (await offer.textContent()) ?? '';
  expect(said).toContain(before);
  expect(said).toContain(after);
  return offer;
}

describe('sending a family export\'s link on WhatsApp', () => {
  it('at 390 px in Malayalam: one WhatsApp button, for the guardian who agreed; the others told why; nothing runs off the screen', async () => {
    const names: [string, string, string] = ['മേരി ജോസഫ് കുര്യാക്കോസ്', 'ജോൺ', 'സൂസൻ'];
    const { code, users, child } = await childWithReadyExport(names, 'അന്നമ്മ ജോസഫ് കുര്യാക്കോസ്');
    const t = translatorOf('ml', ['privacy']);
    await onPage(env, PHONE_390, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code, email: users.principal.email, password: TEST_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/students/${child.id}/card`);
      const documents = page.getByRole('region', { name: t('privacy.documents.title'), exact: true });
      await documents.getByText(t('privacy.documents.ready'), { exact: true }).waitFor();
      await expectOffer(documents, t, names);
      await expectFitsPhone(page);
    });
  });

  it('at desktop width in English', async () => {
    const names: [string, string, string] = ['Mary Joseph', 'John Joseph', 'Susan Thomas'];
    const { code, users, child } = await childWithReadyExport(names, 'Anna Joseph');
    const t = translatorOf('en', ['privacy']);
    await onPage(env, DESKTOP, async (page) => {
      await signInChoosingLanguage(page, 'en', { code, email: users.principal.email, password: TEST_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/students/${child.id}/card`);
      const documents = page.getByRole('region', { name: 'Documents', exact: true });
      await documents.getByText('Ready to download', { exact: true }).waitFor();
      const offer = await expectOffer(documents, t, names);
      await offer.getByText(/^The link works once, until .+\. Each new link replaces the last\.$/).waitFor();
      await offer.getByRole('link', { name: 'Send to Mary Joseph', exact: true }).waitFor();
    });
  });
});
