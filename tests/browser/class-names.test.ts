import { describe, expect, it } from 'vitest';
import {
  DEMO_CODE, DEMO_PASSWORD, DESKTOP, choose, fitsViewportWidth, onPage, openFromNavigation, signInAsDemo, useAppAndBrowser,
} from '../helpers/browser.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';
import { demoEmail } from '../../server/modules/demo/index.js';

const env = useAppAndBrowser();
const PHONE_390 = { width: 390, height: 844 };

describe("the church's class list", () => {
  it('at 390 px in Malayalam: the principal adds a name to the list in Configuration, moves it up and saves it', async () => {
    const t = translatorOf('ml', ['classes']);
    await onPage(env, PHONE_390, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: DEMO_CODE, email: demoEmail('principal', DEMO_CODE), password: DEMO_PASSWORD });
      await page.locator('main').waitFor();
      await openFromNavigation(page, '/configuration');
      const card = page.getByRole('form', { name: t('classes.names.title') });
      await card.getByTestId('class-name-row').nth(13).waitFor();
      expect(await card.getByRole('textbox', { name: t('classes.names.name', { position: 14 }) }).inputValue()).toBe('12th');
      // A name already listed (case aside) is refused before anything is sent.
      await card.getByRole('textbox', { name: t('classes.names.newName') }).fill('lkg');
      await card.getByRole('button', { name: t('classes.names.add') }).click();
      await card.getByText(t('classes.classNamesDuplicate'), { exact: true }).waitFor();
      await card.getByRole('textbox', { name: t('classes.names.newName') }).fill('Pre-Baptism');
      await card.getByRole('button', { name: t('classes.names.add') }).click();
      await card.getByRole('button', { name: t('classes.names.moveUp', { name: 'Pre-Baptism' }) }).click();
      await card.getByRole('button', { name: t('classes.names.save') }).click();
      await page.getByText(t('classes.names.saved'), { exact: true }).waitFor();
      await page.reload();
      await card.getByTestId('class-name-row').nth(14).waitFor();
      expect(await card.getByRole('textbox', { name: t('classes.names.name', { position: 14 }) }).inputValue()).toBe('Pre-Baptism');
      expect(await card.getByRole('textbox', { name: t('classes.names.name', { position: 15 }) }).inputValue()).toBe('12th');
      await expectFitsPhone(page);
    });
  });

  it('at desktop width in English: a 12th class is added from the list on the Classes screen', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'superadmin');
      await openFromNavigation(page, '/classes');
      const form = page.getByTestId('class-form');
      const picker = form.getByRole('combobox', { name: 'Class Name', exact: true });
      await choose(page, picker, '12th');
      await form.getByRole('button', { name: 'Add Class' }).click();
      await page.getByTestId('classes-table').getByRole('row').filter({ hasText: '12th' }).waitFor();
      // The list's order: 12th after every class before it in the list.
      const names = await page.getByTestId('classes-table').locator('tbody tr td:first-child').allTextContents();
      expect(names.at(-1)).toBe('12th');
      expect(await fitsViewportWidth(page)).toBe(true);
    });
  });
});
