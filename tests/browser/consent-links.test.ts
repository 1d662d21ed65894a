import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../common/i18n/locales.js';
import { CONSENT_MESSAGES } from '../../common/consent.js';
import { demoEmail } from '../../server/modules/demo/index.js';
import { api } from '../helpers/fixtures.js';
import { signIn as signInThroughApi } from '../helpers/church-session.js';
import { DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, onPage, textShown, useAppAndBrowser } from '../helpers/browser.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

const env = useAppAndBrowser();

/** Four guardians of a child of the demo teacher's class, each sent a consent link through the API. */
async function childWithFourLinks() {
  const principal = await signInThroughApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);
  const teacher = await signInThroughApi(env.app.url, DEMO_CODE, demoEmail('teacher', DEMO_CODE), DEMO_PASSWORD);
  const cls = (await teacher.get('/api/classes/my-classes')).body.data[0] as { id: string };
  const child = (await teacher.get(`/api/students/class/${cls.id}`)).body.data[1] as { id: string; name: string };
  const put = await principal.put(`/api/students/${child.id}/guardians`, { guardians: [
    { name: 'Mariamma Kurian', relation: 'mother', phone: '98470 12345', language: 'ml' },
    { name: 'Kurian Varghese', relation: 'father', phone: '98470 12346', language: 'ta' },
    { name: 'Annamma Kurian', relation: 'grandparent', phone: '98470 12347', language: 'hi' },
    { name: 'Thomas Kurian', relation: 'relative', phone: '98470 12348' },
  ] });
  expect(put.status, put.body.message).toBe(200);
  const links = [];
  for (const guardian of put.body.data as Array<{ id: string; name: string }>) {
    const link = await teacher.post(`/api/students/${child.id}/consent-links`, { guardian_id: guardian.id });
    expect(link.status, link.body.message).toBe(201);
    links.push({ guardian: guardian.name, token: new URL(link.body.data.url as string).pathname.split('/consent/')[1] });
  }
  return { child, links };
}

/** The teacher revokes the link sent to `guardian` from the child's card, in `locale`. */
async function revokeOnCard(page: Page, locale: Locale, childId: string, guardian: string) {
  const t = translatorOf(locale, ['consent']);
  await signInChoosingLanguage(page, locale, { code: DEMO_CODE, email: demoEmail('teacher', DEMO_CODE), password: DEMO_PASSWORD });
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(`/students/${childId}/card`);
  const open = page.getByTestId('consent-open-links');
  await open.getByRole('heading', { name: t('consent.links.title'), exact: true }).waitFor();
  const row = open.getByTestId('consent-open-link').filter({ hasText: guardian });
  await row.waitFor();
  const shown = textShown(page, t('consent.links.revoked'));
  await row.getByRole('button', { name: t('consent.links.revokeLabel', { guardian }), exact: true }).click();
  await shown;
  await row.waitFor({ state: 'detached' });
  return open;
}

describe('revoking a consent link on the safety card', () => {
  it('the teacher revokes each open link in English, Malayalam, Tamil and Hindi; each page then refuses its link', async () => {
    const { child, links } = await childWithFourLinks();
    const runs: Array<[Locale, typeof DESKTOP]> = [['en', DESKTOP], ['ml', PHONE], ['ta', PHONE], ['hi', DESKTOP]];
    for (const [i, [locale, viewport]] of runs.entries()) {
      await onPage(env, viewport, async (page) => {
        const open = await revokeOnCard(page, locale, child.id, links[i].guardian);
        if (viewport === PHONE) await expectFitsPhone(page);
        // The links not yet revoked are still listed; the last revocation leaves none (the list goes).
        if (i < runs.length - 1) expect(await open.getByTestId('consent-open-link').count()).toBe(runs.length - 1 - i);
        else await open.waitFor({ state: 'detached' });
      });
      const refused = await api(env.app.url, 'GET', `/api/consent/${links[i].token}`);
      expect(refused.status).toBe(410);
      expect(refused.body.message).toBe(CONSENT_MESSAGES.linkRevoked);
    }
  });
});
