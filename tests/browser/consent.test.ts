import { describe, expect, it } from 'vitest';
import { demoEmail } from '../../server/modules/demo/index.js';
import { signIn as signInThroughApi } from '../helpers/church-session.js';
import {
  DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, fitsViewportWidth, onPage, openFromNavigation, signInAsDemo, useAppAndBrowser,
} from '../helpers/browser.js';

const env = useAppAndBrowser();

/** A child of the demo teacher's first class whose mother speaks Malayalam and has WhatsApp, and a
 * consent link for her made by the teacher through the API. */
async function childWithLink() {
  const principal = await signInThroughApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);
  const teacher = await signInThroughApi(env.app.url, DEMO_CODE, demoEmail('teacher', DEMO_CODE), DEMO_PASSWORD);
  const cls = (await teacher.get('/api/classes/my-classes')).body.data[0] as { id: string; class_name: string; section: string | null };
  const roster = (await teacher.get(`/api/students/class/${cls.id}`)).body.data as { id: string; name: string; consent_missing: boolean }[];
  const child = roster[0];
  expect(child.consent_missing).toBe(true);
  const put = await principal.put(`/api/students/${child.id}/guardians`, {
    guardians: [{ name: 'Mariamma', relation: 'mother', phone: '98470 12345', whatsapp: 'phone', language: 'ml' }],
  });
  expect(put.status, put.body.message).toBe(200);
  const link = await teacher.post(`/api/students/${child.id}/consent-links`, { guardian_id: put.body.data[0].id });
  expect(link.status, link.body.message).toBe(201);
  const path = new URL(link.body.data.url as string).pathname;
  return { child, path, classLabel: cls.section ? `${cls.class_name} ${cls.section}` : cls.class_name };
}

describe('consent through a link', () => {
  it('a guardian answers on a phone in Malayalam; the principal sees consent given on the card, and the roll call shows no badge for the child', async () => {
    const { child, path, classLabel } = await childWithLink();
    const firstName = child.name.split(' ')[0];

    await onPage(env, PHONE, async (page) => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: `${firstName}-നുള്ള സമ്മതം` }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ml');
      // The privacy notice in Malayalam, with its link to the church's notice page.
      await page.getByRole('heading', { name: 'ഞങ്ങൾ ആരാണ്' }).waitFor();
      expect(await page.getByRole('link', { name: /സ്വകാര്യതാ അറിയിപ്പ്/ }).getAttribute('href')).toBe(`/privacy/${DEMO_CODE}`);
      const submit = page.getByRole('button', { name: 'സമർപ്പിക്കുക' });
      for (const purpose of ['പ്രവേശനവും ഹാജരും', 'പള്ളിയുടെ ഗാലറിയിലെ ഫോട്ടോകൾ', 'കുടുംബത്തിനുള്ള സന്ദേശങ്ങൾ']) {
        const toggle = page.getByRole('switch', { name: purpose });
        expect(await toggle.isChecked()).toBe(false);
        await toggle.check();
      }
      expect(await submit.isDisabled()).toBe(true);
      await page.getByRole('checkbox', { name: 'ഞാൻ ഈ കുട്ടിയുടെ മാതാപിതാക്കളോ നിയമപരമായ രക്ഷിതാവോ ആണ്' }).check();
      await page.getByRole('checkbox', { name: 'എനിക്ക് 18 വയസ്സോ അതിൽ കൂടുതലോ ഉണ്ട്' }).check();
      expect(await fitsViewportWidth(page)).toBe(true);
      await submit.click();
      const thanks = page.getByTestId('consent-thanks');
      await thanks.getByRole('heading', { name: 'നന്ദി' }).waitFor();
      expect(await thanks.textContent()).toContain('പ്രവേശനവും ഹാജരും: അതെ');
    });

    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'principal');
      // The dashboard's card counts the year's children still without enrolment consent.
      await page.getByTestId('consent-card').getByTestId('consent-missing-count').waitFor();
      await page.goto(`/students/${child.id}/card`);
      const enrolment = page.getByTestId('consent-section').getByTestId('consent-enrolment');
      await enrolment.waitFor();
      expect(await enrolment.getAttribute('data-state')).toBe('given');
      expect(await enrolment.textContent()).toContain('Mariamma');
    });

    // The roll call is the teacher's: others of the class have not answered (their badge shows), this child's is gone.
    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'teacher');
      await openFromNavigation(page, '/attendance');
      await page.getByRole('combobox', { name: 'Class', exact: true }).selectOption({ label: classLabel });
      const row = page.getByTestId('attendance-row').filter({ hasText: child.name });
      await row.waitFor();
      await page.getByTestId('consent-missing-badge').first().waitFor();
      expect(await row.getByTestId('consent-missing-badge').count()).toBe(0);
    });
  });
});
