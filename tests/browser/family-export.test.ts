import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { demoEmail } from '../../server/modules/demo/index.js';
import { signIn as signInThroughApi } from '../helpers/church-session.js';
import {
  DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, fitsViewportWidth, onPage, openFromNavigation, signInAsDemo, textShown, useAppAndBrowser,
} from '../helpers/browser.js';

const env = useAppAndBrowser();

describe('a child\'s documents and the privacy notice', () => {
  it('a principal on a phone prints the consent form and exports the family\'s data, downloaded once', async () => {
    const principal = await signInThroughApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);
    const classes = (await principal.get('/api/classes')).body.data as { id: string }[];
    const child = (await principal.get(`/api/students/class/${classes[0].id}`)).body.data[0] as { id: string; name: string };

    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'principal');
      await page.goto(`/students/${child.id}/card`);
      const documents = page.getByRole('region', { name: 'Documents' });
      await documents.getByText('No exports yet.').waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);

      const form = page.waitForEvent('download');
      await documents.getByRole('button', { name: 'Print consent form' }).click();
      const pdf = await readFile(await (await form).path());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      await documents.getByRole('button', { name: 'Export family data' }).click();
      const row = documents.getByTestId('family-export');
      await row.getByText('Ready to download').waitFor();
      const zip = page.waitForEvent('download');
      await row.getByRole('button', { name: 'Download' }).click();
      const bytes = await readFile(await (await zip).path());
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      await row.getByText('Downloaded').waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
    });
  });

  it('the super admin writes a part of the notice; parents read it on the public page, in their language', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'superadmin');
      await openFromNavigation(page, '/configuration');
      const card = page.getByRole('form', { name: 'Privacy notice' });
      const contact = card.getByRole('textbox', { name: 'Whom to ask' });
      await contact.fill('Call the Sunday School office on Sundays.');
      const saved = textShown(page, 'Privacy notice saved');
      await card.getByRole('button', { name: 'Save notice' }).click();
      await saved;
    });

    await onPage(env, PHONE, async (page) => {
      await page.goto(`/privacy/${DEMO_CODE}`);
      await page.getByRole('heading', { level: 2, name: 'Whom to ask' }).waitFor();
      await page.getByText('Call the Sunday School office on Sundays.').waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      await page.goto('/privacy/NOSUCH');
      await page.getByText('No church has this code. Please check the address you were given.').waitFor();
      await page.goto(`/privacy/${DEMO_CODE}`);
      await page.getByText('Call the Sunday School office on Sundays.').waitFor();
      await page.getByTestId('language-picker').selectOption('ml');
      await page.getByText('സ്വകാര്യതാ അറിയിപ്പ്').waitFor();
      await page.getByText('Call the Sunday School office on Sundays.').waitFor();
    }, { allowErrors: /404/ });
  });
});
