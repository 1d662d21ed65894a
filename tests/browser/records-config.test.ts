import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { academicYearChoices, academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { ACADEMIC_YEAR_CONFIG_MESSAGES, RECORD_MESSAGES } from '../../common/record-messages.js';
import {
  DESKTOP, PHONE, choose, fitsViewportWidth, onPage, openFromDrawer, pathOf, signInAsDemo, useAppAndBrowser,
} from '../helpers/browser.js';

const env = useAppAndBrowser();
const TODAY = todayIn('Asia/Kolkata');

/** The academic years the class form offers. */
async function classFormYears(page: Page) {
  const form = page.getByTestId('class-form');
  await form.getByRole('combobox', { name: 'Academic Year', exact: true }).click();
  // The form's list only: the header's language picker is a select with options of its own.
  const options = await page.getByRole('listbox').getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return options;
}

describe('session records and the academic-year configuration', () => {
  it('a principal on a 375px phone adds, edits and deletes a session record', async () => {
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'principal');
      await openFromDrawer(page, 'Records');
      await page.getByRole('heading', { name: 'Session Records' }).waitFor();
      expect(pathOf(page)).toBe('/records');
      await page.getByTestId('records-empty').getByText(RECORD_MESSAGES.empty).waitFor();

      const form = page.getByTestId('record-form');
      // Every required field says so.
      await form.getByRole('button', { name: 'Save Record' }).click();
      await form.getByText(RECORD_MESSAGES.monthRequired).waitFor();
      await form.getByText(RECORD_MESSAGES.dateRequired).waitFor();
      await form.getByText(RECORD_MESSAGES.notesRequired).waitFor();
      expect(await form.getByRole('combobox', { name: 'Academic Year', exact: true }).inputValue())
        .toBe(academicYearOf(TODAY, 6));

      // The month follows the date.
      await form.getByLabel('Date').fill(TODAY);
      const monthName = new Date(`${TODAY}T00:00:00Z`).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
      expect(await form.getByRole('combobox', { name: 'Month', exact: true }).inputValue()).toBe(monthName);
      await form.getByRole('textbox', { name: 'Notes' }).fill('Lesson on the Good Samaritan; 12 children came.');
      await form.getByRole('button', { name: 'Save Record' }).click();
      await page.getByText(RECORD_MESSAGES.saved).waitFor();
      const item = page.getByTestId('record-item').filter({ hasText: 'Good Samaritan' });
      await item.waitFor();
      expect(await item.textContent()).toContain(TODAY);
      expect(await fitsViewportWidth(page)).toBe(true);

      // Edit mode, Cancel Edit, then a real edit.
      await item.getByRole('button', { name: `Edit record of ${TODAY}` }).click();
      await form.getByRole('heading', { name: 'Edit Session Record' }).waitFor();
      await form.getByRole('button', { name: 'Cancel Edit' }).click();
      await form.getByRole('heading', { name: 'Add Session Record' }).waitFor();
      await item.getByRole('button', { name: `Edit record of ${TODAY}` }).click();
      expect(await form.getByRole('textbox', { name: 'Notes' }).inputValue()).toContain('Good Samaritan');
      await form.getByRole('textbox', { name: 'Notes' }).fill('Lesson on the Prodigal Son.');
      await form.getByRole('button', { name: 'Update Record' }).click();
      await page.getByText(RECORD_MESSAGES.updated).waitFor();
      const edited = page.getByTestId('record-item').filter({ hasText: 'Prodigal Son' });
      await edited.waitFor();
      expect(await page.getByTestId('record-item').count()).toBe(1);
      await form.getByRole('heading', { name: 'Add Session Record' }).waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);

      // Delete asks first; cancelling keeps the record.
      await edited.getByRole('button', { name: `Delete record of ${TODAY}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(RECORD_MESSAGES.confirmDelete).waitFor();
      expect(await fitsViewportWidth(page)).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.getByTestId('record-item').count()).toBe(1);
      await edited.getByRole('button', { name: `Delete record of ${TODAY}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText(RECORD_MESSAGES.deleted).waitFor();
      await page.getByTestId('records-empty').waitFor();
    });
  });

  it('a principal at 1280px changes the academic-year configuration and the class form offers the new years at once', async () => {
    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'principal');
      const nav = page.locator('#dashboard-navigation');
      expect(await nav.getByRole('link').allTextContents()).toEqual(expect.arrayContaining(
        ['Classes', 'Students', 'Attendance Reports', 'Records', 'Configuration'],
      ));

      // The class form first, so its years are cached before the change.
      await nav.getByRole('link', { name: 'Classes', exact: true }).click();
      const before = await classFormYears(page);
      expect(before).toEqual(academicYearChoices(academicYearOf(TODAY, 6), { start_month: 6, years_ahead: 3, years_back: 2 }));

      await nav.getByRole('link', { name: 'Configuration', exact: true }).click();
      await page.getByRole('heading', { name: 'Academic Year Configuration' }).waitFor();
      const example = page.getByTestId('config-example');
      await example.getByText(/runs from June to May/).waitFor();

      await choose(page, page.getByRole('combobox', { name: 'Start Month', exact: true }), 'January');
      const ahead = page.getByRole('textbox', { name: 'Years Ahead', exact: true });
      // The field keeps to 1-10 by itself; left empty it says what it needs.
      await ahead.fill('');
      await page.getByRole('button', { name: 'Save Configuration' }).click();
      await page.getByText(ACADEMIC_YEAR_CONFIG_MESSAGES.yearsAheadInvalid).waitFor();
      await ahead.fill('5');
      await page.getByRole('textbox', { name: 'Years Back', exact: true }).fill('1');
      const current = academicYearOf(TODAY, 1);
      const after = academicYearChoices(current, { start_month: 1, years_ahead: 5, years_back: 1 });
      await example.getByText(`runs from January to December`, { exact: false }).waitFor();
      expect(await example.textContent()).toContain(`${after[0]} to ${after.at(-1)}`);
      await page.getByRole('button', { name: 'Save Configuration' }).click();
      await page.getByText(ACADEMIC_YEAR_CONFIG_MESSAGES.updated).waitFor();

      await nav.getByRole('link', { name: 'Classes', exact: true }).click();
      await page.getByTestId('class-form').waitFor();
      await expect.poll(() => classFormYears(page)).toEqual(after);
      expect(await page.getByTestId('class-form').getByRole('combobox', { name: 'Academic Year', exact: true }).inputValue()).toBe(current);

      // The panel keeps the saved values after a reload.
      await page.goto('/configuration');
      await page.getByRole('heading', { name: 'Academic Year Configuration' }).waitFor();
      await expect.poll(() => page.getByRole('textbox', { name: 'Years Ahead', exact: true }).inputValue()).toBe('5');
    });
  });
});
