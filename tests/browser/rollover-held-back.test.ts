import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { DEFAULT_ACADEMIC_YEAR_CONFIG, academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { previousYear } from '../../common/rollover.js';
import { createChurch, createClassWithStudents, TEST_PASSWORD, type Json } from '../helpers/fixtures.js';
import { signIn as signInThroughApi } from '../helpers/church-session.js';
import { onPage, openFromNavigation, signIn, textShown, useAppAndBrowser } from '../helpers/browser.js';
import { INTL_LOCALE } from '../../common/i18n/locales.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

// Promotion after the exams on a 390 px phone: the rollover wizard proposes holding back the children
// who failed the ending year's published final result, says why, and the principal moves one up anyway;
// the held-back child's safety card then shows the year's result beside attendance, in Malayalam.

const env = useAppAndBrowser();
const PHONE_390 = { width: 390, height: 844 };
const TO_YEAR = academicYearOf(todayIn('Asia/Kolkata'), DEFAULT_ACADEMIC_YEAR_CONFIG.start_month);
const FROM_YEAR = previousYear(TO_YEAR);

/**
 * Scripture of 100 in the half-yearly and the annual, the final result by the default weights (40 %,
 * 60 %): Asha 80, 90: 86.0 %; Binu 30, 20: 12 + 12 = 24.0 %, fail; Celin 50, 20: 20 + 12 = 32.0 %, fail.
 */
const MARKS: Record<string, [number, number]> = { 'Asha Thomas': [80, 90], 'Binu Mathew': [30, 20], 'Celin Joseph': [50, 20] };

describe('the rollover after the year\'s exams', () => {
  it('at 390 px, proposes held back for the children who failed, with the reason, and the principal moves one up anyway', async () => {
    const church = await createChurch(env.app.db);
    const third = await createClassWithStudents(env.app.db, church.church.id, {
      className: '3rd', section: 'A', academicYear: FROM_YEAR, names: Object.keys(MARKS),
    });
    const principal = await signInThroughApi(env.app.url, church.code, church.users.principal.email);
    for (const [e, [name, kind]] of [['Half-yearly', 'half_yearly'], ['Annual', 'annual']].entries()) {
      const made = await principal.post('/api/exams', { academic_year: FROM_YEAR, name, kind });
      expect(made.status, made.body.message).toBe(201);
      const examId = made.body.data.exam.id as string;
      const paperId = (made.body.data.classes as Json[])[0].papers[0].id as string;
      const entries = third.students.map((s) => ({ student_id: s.id, paper_id: paperId, value: MARKS[s.name][e] }));
      expect((await principal.put(`/api/exams/${examId}/classes/${third.class.id}/marks`, { write_id: randomUUID(), entries })).status).toBe(200);
      expect((await principal.post(`/api/exams/${examId}/publish`)).status).toBe(200);
    }

    await onPage(env, PHONE_390, async (page) => {
      await page.goto('/login');
      await signIn(page, church.code, church.users.principal.email, TEST_PASSWORD);
      await page.getByRole('heading', { name: 'Principal Dashboard' }).waitFor();
      await openFromNavigation(page, '/configuration');
      const start = `Roll over ${FROM_YEAR} into ${TO_YEAR}`;
      await page.getByTestId('rollover-card').getByRole('button', { name: start }).click();
      const dialog = page.getByRole('dialog', { name: start });
      await dialog.getByRole('heading', { name: 'Step 1 of 3: Classes' }).waitFor();
      await dialog.getByRole('button', { name: 'Next' }).click();

      // The children: Binu and Celin start held back, their failed result said under their names.
      await dialog.getByRole('heading', { name: 'Step 2 of 3: Children' }).waitFor();
      expect(await dialog.getByTestId('held-back-hint').textContent())
        .toBe('A child who failed the year\'s final result is proposed held back; you can change that for each child.');
      const choices = (name: string) => dialog.getByRole('radiogroup', { name });
      expect(await choices('Asha Thomas').getByRole('radio', { name: 'Moves up' }).isChecked()).toBe(true);
      for (const name of ['Binu Mathew', 'Celin Joseph']) {
        expect(await choices(name).getByRole('radio', { name: 'Held back' }).isChecked(), name).toBe(true);
      }
      // The reason is the choices' description (outside the radio group's element), Binu's then Celin's; none for Asha.
      expect(await dialog.getByTestId('failed-year').allTextContents()).toEqual(['Failed the year: 24.0%', 'Failed the year: 32.0%']);
      await expectFitsPhone(page, dialog);
      // The principal moves Celin up anyway.
      await choices('Celin Joseph').getByRole('radio', { name: 'Moves up' }).check();
      await dialog.getByRole('button', { name: 'Next' }).click();

      // The preview: Binu held back in 3rd A with the reason; Celin in 4th A, her failed result still said.
      const preview = dialog.getByTestId('rollover-preview');
      await preview.waitFor();
      const line = (className: string, name: string) => preview.getByRole('region', { name: className, exact: true })
        .getByTestId('preview-child').filter({ hasText: name });
      expect(await line('3rd A', 'Binu Mathew').textContent()).toContain('Held back');
      expect(await line('3rd A', 'Binu Mathew').getByTestId('failed-year').textContent()).toBe('Failed the year: 24.0%');
      expect(await line('4th A', 'Celin Joseph').getByTestId('failed-year').textContent()).toBe('Failed the year: 32.0%');
      expect(await line('4th A', 'Celin Joseph').textContent()).not.toContain('Held back');
      expect(await line('4th A', 'Asha Thomas').count()).toBe(1);
      await expectFitsPhone(page, dialog);

      const done = textShown(page, 'The new year is ready: 3 classes, 3 children enrolled.');
      await dialog.getByRole('button', { name: 'Roll over now' }).click();
      await done;
    });
    const made = (await principal.get(`/api/classes?academic_year=${TO_YEAR}`)).body.data as Json[];
    expect(made.map((c) => [c.class_name, c.section, c.student_count])).toEqual([['LKG', '', 0], ['3rd', 'A', 1], ['4th', 'A', 2]]);

    // Binu's card, in Malayalam: the new year in 3rd A again (no result yet), the ending year with its result (rank 3 of 3).
    const t = translatorOf('ml', ['safety']);
    const percent = new Intl.NumberFormat(INTL_LOCALE.ml, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(0.24);
    const binu = third.students.find((s) => s.name === 'Binu Mathew')!;
    await onPage(env, PHONE_390, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: church.code, email: church.users.principal.email, password: TEST_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/students/${binu.id}/card`);
      const rows = page.getByTestId('card-history').getByTestId('history-year');
      await rows.nth(1).waitFor();
      expect(await rows.first().getByTestId('history-result').count()).toBe(0);
      expect(await rows.nth(1).textContent()).toContain(FROM_YEAR);
      expect(await rows.nth(1).getByTestId('history-result').textContent())
        .toBe(t('safety.yearResult', { percentage: percent, division: t('safety.division.fail'), rank: 3 }));
      await expectFitsPhone(page);
    });
  });
});
