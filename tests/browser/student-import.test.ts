import { describe, expect, it } from 'vitest';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { STUDENT_MESSAGES } from '../../common/schemas/students.js';
import { demoEmail } from '../../server/modules/demo/index.js';
import { signIn as signInThroughApi } from '../helpers/church-session.js';
import {
  DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, choose, fitsViewportWidth, onPage, openFromNavigation, signInAsDemo, textShown, useAppAndBrowser,
} from '../helpers/browser.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

const env = useAppAndBrowser();

const ANU = 'അനു ജോസഫ്';
const CSV = `\uFEFFStudent Name,Date of birth,Mobile\r\n${ANU},15/03/2016,9847012345\r\nRahul Nair,2015-07-01,9847012346\r\nNo Phone,2015-07-02,\r\n`;

describe('importing students from a spreadsheet', () => {
  it('a principal on a phone previews a CSV with a Malayalam name and one invalid row, imports it and sees the children in the list', async () => {
    const principal = await signInThroughApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);
    const year = academicYearOf(todayIn('Asia/Kolkata'), 6);
    const made = await principal.post('/api/classes', { class_name: '8th', section: 'Imp', academic_year: year });
    expect(made.status, made.body.message).toBe(201);
    const classLabel = `8th Imp (${made.body.data.academic_year})`;

    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'principal');
      await openFromNavigation(page, '/students');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Import students' });
      await dialog.waitFor();
      expect(await dialog.getByRole('link', { name: 'Download template (XLSX)' }).getAttribute('href')).toBe('/api/students/import/template?format=xlsx');
      await choose(page, dialog.getByRole('textbox', { name: 'Class', exact: true }).or(dialog.getByRole('combobox', { name: 'Class', exact: true })), classLabel);
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'children.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
      await dialog.getByRole('button', { name: 'Preview', exact: true }).click();

      await dialog.getByTestId('import-counts').filter({ hasText: '2 new, 0 duplicate, 1 invalid' }).waitFor();
      expect(await dialog.locator('tr[data-status="new"]').first().textContent()).toContain('15/03/2016'); // the date as written
      expect(await dialog.locator('tr[data-status="new"]').filter({ hasText: ANU }).count()).toBe(1);
      expect(await dialog.locator('tr[data-status="invalid"]').textContent()).toContain(STUDENT_MESSAGES.parentPhoneRequired);
      expect(await fitsViewportWidth(page)).toBe(true);

      const done = textShown(page, '2 students imported.');
      await dialog.getByRole('button', { name: 'Import 2 students' }).click();
      await done;
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('link', { name: `Safety card of ${ANU}` }).or(page.getByText(ANU, { exact: true })).first().waitFor();
      expect(await page.getByText('Rahul Nair', { exact: true }).count()).toBeGreaterThan(0);
    });
    const list = (await principal.get(`/api/students/class/${made.body.data.id}`)).body.data as { name: string; roll_number: number }[];
    expect(list.map((s) => [s.roll_number, s.name])).toEqual([[1, ANU], [2, 'Rahul Nair']]);
  });
});

/** A parish list: a title row above loose headers, guardian columns, the phone written three ways,
 * and two rows with problems (an impossible date; a roll number twice). */
const PARISH = [
  'St. Mary\'s Sunday School - Class list 2026',
  'Name of the Child,DOB,Parent\'s Mobile,Roll No,Father\'s Name,Relation,WhatsApp,Agreed to be contacted',
  'Anu Joseph,15/03/2016,98470 12345,,Joseph K,Father,Yes,Yes',
  'Rahul Nair,01-07-2015,+91 98470-12345,4,Mary Nair,Mother,No,No',
  'Meera Das,31/02/2019,09847012345,4,,,,',
].join('\r\n');

async function openImport(page: import('playwright-core').Page, t: (id: string, values?: Record<string, unknown>) => string, classLabel: string) {
  await openFromNavigation(page, '/students');
  await page.getByRole('button', { name: t('students.importButton'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('students.importTitle') });
  await dialog.waitFor();
  await choose(page, dialog.getByRole('textbox', { name: t('students.class'), exact: true }).or(dialog.getByRole('combobox', { name: t('students.class'), exact: true })), classLabel);
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'parish.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${PARISH}\r\n`) });
  await dialog.getByRole('button', { name: t('students.importPreview'), exact: true }).click();
  return dialog;
}

describe.each([
  { locale: 'en' as const, viewport: DESKTOP, section: 'PE' },
  { locale: 'ml' as const, viewport: { width: 390, height: 800 }, section: 'PM' },
])('a parish spreadsheet in $locale', ({ locale, viewport, section }) => {
  const t = translatorOf(locale, ['common', 'students']);
  it('finds the header under the title row, shows the guardian column and every row\'s errors, and filters the problem rows', async () => {
    const principal = await signInThroughApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);
    const year = academicYearOf(todayIn('Asia/Kolkata'), 6);
    const made = await principal.post('/api/classes', { class_name: '8th', section, academic_year: year });
    expect(made.status, made.body.message).toBe(201);
    await onPage(env, viewport, async (page) => {
      if (locale === 'en') await signInAsDemo(page, 'principal');
      else {
        await signInChoosingLanguage(page, locale, { code: DEMO_CODE, email: demoEmail('principal', DEMO_CODE), password: DEMO_PASSWORD });
        await page.waitForURL((url) => url.pathname === '/');
      }
      const dialog = await openImport(page, t, `8th ${section} (${made.body.data.academic_year})`);
      await dialog.getByTestId('import-counts').filter({ hasText: t('students.importCounts', { new: 2, duplicate: 0, invalid: 1 }) }).waitFor();
      // The header row found under the title, offered with the first rows.
      const field = (name: string) => dialog.getByRole('textbox', { name, exact: true }).or(dialog.getByRole('combobox', { name, exact: true }));
      const headerRow = field(t('students.importHeaderRow'));
      expect(await headerRow.inputValue()).toBe(t('students.importHeaderRowLine', { line: 2, text: 'Name of the Child · DOB · Parent\'s Mobile · Roll No' }));
      // Guardian columns are mapped and shown.
      expect(await field(t('students.importGuardianConsent')).inputValue()).toBe('Agreed to be contacted');
      expect(await dialog.locator('tr[data-status="new"]').first().textContent()).toContain('Joseph K · Father');
      // Every error of the row at once, the date as written.
      const invalid = dialog.locator('tr[data-status="invalid"]');
      expect(await invalid.textContent()).toContain(t('students.importNotADate', { date: '31/02/2019' }));
      expect(await invalid.textContent()).toContain(t('students.importRollNumberTwice', { line: 4 }));
      // Problem rows only.
      const problemsOnly = dialog.getByRole('switch', { name: t('students.importProblemsOnly') });
      await problemsOnly.check({ force: true });
      await expect.poll(() => dialog.locator('tbody tr').count()).toBe(1);
      expect(await dialog.locator('tr[data-status="new"]').count()).toBe(0);
      await problemsOnly.uncheck({ force: true });
      await expect.poll(() => dialog.locator('tbody tr').count()).toBe(3);
      if (locale !== 'en') await expectFitsPhone(page, dialog);
      else expect(await fitsViewportWidth(page)).toBe(true);

      const done = textShown(page, t('students.importDone', { count: 2 }));
      await dialog.getByRole('button', { name: t('students.importConfirm', { count: 2 }) }).click();
      await done;
    });
    const list = (await principal.get(`/api/students/class/${made.body.data.id}`)).body.data as { name: string; parent_phone: string }[];
    expect(list.map((s) => [s.name, s.parent_phone])).toEqual([['Rahul Nair', '+919847012345'], ['Anu Joseph', '+919847012345']]);
  });
});
