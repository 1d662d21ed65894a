import { describe, expect, it } from 'vitest';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { STUDENT_MESSAGES } from '../../common/schemas/students.js';
import { demoEmail } from '../../server/modules/demo/index.js';
import { signIn as signInThroughApi } from '../helpers/church-session.js';
import {
  DEMO_CODE, DEMO_PASSWORD, PHONE, choose, fitsViewportWidth, onPage, openFromNavigation, signInAsDemo, textShown, useAppAndBrowser,
} from '../helpers/browser.js';

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
