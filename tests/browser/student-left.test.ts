import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Locale } from '../../common/i18n/locales.js';
import { signIn as signInThroughApi } from '../helpers/church-session.js';
import { createChurch, createClassWithStudents, TEST_PASSWORD } from '../helpers/fixtures.js';
import { DESKTOP, onPage, textShown, useAppAndBrowser } from '../helpers/browser.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

const env = useAppAndBrowser();

/** A phone at 390 px, as a principal holds hers. */
const PHONE_390 = { width: 390, height: 780 };

/** A church with a class and its child, whose first guardian reads Malayalam; the principal's account. */
async function childOfMalayalamFamily(childName: string) {
  const { church, code, users } = await createChurch(env.app.db);
  const { students: [child] } = await createClassWithStudents(env.app.db, church.id, { teacherId: users.teacher.id, names: [childName] });
  const principal = await signInThroughApi(env.app.url, code, users.principal.email, TEST_PASSWORD);
  const put = await principal.put(`/api/students/${child.id}/guardians`, { guardians: [
    { name: 'മേരി', relation: 'mother', phone: '98470 12345', whatsapp: 'phone', contact_consent: true, language: 'ml' },
  ] });
  expect(put.status, put.body.message).toBe(200);
  const isActive = async () => (await principal.get(`/api/students/${child.id}/safety-card`)).body.data.student.active as boolean;
  return { code, users, child, isActive };
}

/** On the child's card: marks the child as left, sees it said and shown, then puts them back on the roll. */
async function leaveAndComeBack(page: Page, language: Locale, isActive: () => Promise<boolean>) {
  const t = translatorOf(language, ['safety']);
  const card = page.getByTestId('safety-card');
  const leaving = card.getByTestId('card-leaving');
  await leaving.getByText(t('safety.roll.leftHint'), { exact: true }).waitFor();
  expect(await card.getByTestId('left-badge').count()).toBe(0);

  const marked = textShown(page, t('safety.roll.markedLeft'));
  await leaving.getByRole('button', { name: t('safety.roll.markLeft'), exact: true }).click();
  await marked;
  await card.getByTestId('left-badge').getByText(t('safety.roll.leftBadge'), { exact: true }).waitFor();
  await leaving.getByText(t('safety.roll.backHint'), { exact: true }).waitFor();
  expect(await isActive()).toBe(false);
  // Erasing stays beside it, for those who may.
  await leaving.getByTestId('erase-child').waitFor();
  return async () => {
    const back = textShown(page, t('safety.roll.backOnRollDone'));
    await leaving.getByRole('button', { name: t('safety.roll.backOnRoll'), exact: true }).click();
    await back;
    await leaving.getByRole('button', { name: t('safety.roll.markLeft'), exact: true }).waitFor();
    expect(await card.getByTestId('left-badge').count()).toBe(0);
    expect(await isActive()).toBe(true);
  };
}

describe('mark as left, keep history', () => {
  it('at 390 px in Malayalam: marked as left beside the erase button, said and shown, then back on the roll; nothing runs off the screen', async () => {
    const { code, users, child, isActive } = await childOfMalayalamFamily('അന്നമ്മ ജോസഫ് കുര്യാക്കോസ്');
    await onPage(env, PHONE_390, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code, email: users.principal.email, password: TEST_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/students/${child.id}/card`);
      await page.getByRole('heading', { level: 1, name: child.name }).waitFor();
      await expectFitsPhone(page);
      const comeBack = await leaveAndComeBack(page, 'ml', isActive);
      await expectFitsPhone(page);
      await comeBack();
      await expectFitsPhone(page);
    });
  });

  it('at desktop width in English: the form in the family\'s language or the one chosen; the student list shows who left', async () => {
    const { code, users, child, isActive } = await childOfMalayalamFamily('Anna Joseph');
    await onPage(env, DESKTOP, async (page) => {
      await signInChoosingLanguage(page, 'en', { code, email: users.principal.email, password: TEST_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/students/${child.id}/card`);
      await page.getByRole('heading', { level: 1, name: child.name }).waitFor();

      // The consent form: the family's language first (the guardian's Malayalam), another when chosen.
      const documents = page.getByRole('region', { name: 'Documents', exact: true });
      const formLanguage = documents.getByRole('combobox', { name: 'Language of the form', exact: true });
      expect(await formLanguage.inputValue()).toBe('ml');
      expect(await formLanguage.locator('option:checked').textContent()).toBe('മലയാളം (the family\'s language)');
      const printed = async () => {
        const download = page.waitForEvent('download');
        await documents.getByRole('button', { name: 'Print consent form', exact: true }).click();
        const file = await download;
        expect((await readFile(await file.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
        return file.suggestedFilename();
      };
      expect(await printed()).toBe('consent-form-ml.pdf');
      await formLanguage.selectOption('en');
      expect(await printed()).toBe('consent-form-en.pdf');

      const comeBack = await leaveAndComeBack(page, 'en', isActive);
      await page.getByRole('button', { name: 'Mark as left, keep history' }).waitFor({ state: 'detached' });
      // Still in the student list, with the badge.
      await page.goto('/students');
      const row = page.getByTestId('student-row').filter({ hasText: child.name });
      await row.getByTestId('left-badge').getByText('Left', { exact: true }).waitFor();
      // Its parent phone for reading.
      await row.getByText('+91 98470 12345', { exact: true }).waitFor();
      await row.getByRole('link', { name: child.name }).click();
      await page.getByRole('heading', { level: 1, name: child.name }).waitFor();
      await comeBack();
    });
  });
});
