import { describe, expect, it } from 'vitest';
import { demoEmail } from '../../server/modules/demo/index.js';
import { signIn as signInThroughApi } from '../helpers/church-session.js';
import { DEMO_CODE, DEMO_PASSWORD, DESKTOP, onPage, openFromNavigation, pathOf, signInAsDemo, textShown, useAppAndBrowser } from '../helpers/browser.js';

const env = useAppAndBrowser();

describe('erasing a child', () => {
  it('a principal erases a child from the card by typing the name; a wrong name keeps the button disabled; the child is gone from Students', async () => {
    const principal = await signInThroughApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);
    const child = (await principal.get('/api/students')).body.data[0] as { id: string; name: string };

    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'principal');
      await openFromNavigation(page, '/students');
      await page.getByRole('link', { name: child.name, exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: child.name }).waitFor();
      expect(pathOf(page)).toBe(`/students/${child.id}/card`);

      await page.getByRole('button', { name: 'Erase this child\'s data' }).click();
      const dialog = page.getByRole('dialog', { name: `Erase ${child.name}'s data?` });
      const field = dialog.getByLabel('Type the child\'s name to confirm');
      const erase = dialog.getByRole('button', { name: 'Erase for good' });
      await field.fill(child.name.slice(0, -1));
      expect(await erase.isDisabled()).toBe(true);
      await field.fill(child.name);
      expect(await erase.isEnabled()).toBe(true);
      const notified = textShown(page, 'The child\'s data was erased.');
      await erase.click();
      await notified;
      await page.waitForURL('**/students');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => page.getByRole('link', { name: child.name, exact: true }).count()).toBe(0);
    });
    expect((await principal.get(`/api/students/${child.id}/safety-card`)).status).toBe(404);
  });
});
