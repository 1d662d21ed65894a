import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoEmail } from '../../server/modules/demo/index.js';
import { signIn as signInThroughApi, type ChurchSession } from '../helpers/church-session.js';
import { DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, onPage, openFromNavigation, signInAsDemo, textShown, useAppAndBrowser } from '../helpers/browser.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';
import type { Json } from '../helpers/fixtures.js';

// The exam screens through the real server and Chromium: a principal sets up an exam, a paper and the
// result scheme on the screen, marks are saved through the API as the mark list sends them, and the
// result sheet shows the ranks the server computes; then the results are published. In Malayalam at
// 390 px the exams page and the result sheet fit the phone's width.

const env = useAppAndBrowser();
const PHONE_390 = { width: 390, height: 844 };

/**
 * A wide table at phone width: whole on screen, or scrolling sideways inside its own box (an ancestor
 * with overflow-x auto) rather than cut off by its card (a Card clips, so the page's width alone
 * would not tell).
 */
const tableReachable = (table: Locator) => table.evaluate((element) => {
  for (let el = element.parentElement; el && el.tagName !== 'MAIN'; el = el.parentElement) {
    if (['auto', 'scroll'].includes(getComputedStyle(el).overflowX)) return true;
  }
  return element.getBoundingClientRect().right <= window.innerWidth;
});

const principalApi = () => signInThroughApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);

/** The exam of that name of the current year, its first class with papers, and that class's mark list. */
async function examAndClass(api: ChurchSession, name: string) {
  const list = (await api.get('/api/exams')).body.data as { exams: Json[] };
  const exam = list.exams.find((e: Json) => e.name === name);
  expect(exam).toBeTruthy();
  const detail = (await api.get(`/api/exams/${exam.id}`)).body.data as { classes: Json[] };
  const cls = detail.classes.find((c: Json) => c.papers.length > 0 && c.papers.some((p: Json) => p.name === 'Scripture'));
  const marks = (await api.get(`/api/exams/${exam.id}/classes/${cls.id}/marks`)).body.data as { children: Json[]; papers: Json[] };
  return { exam, cls, marks };
}

describe('exam setup and results', () => {
  it('at desktop: a principal creates an exam, edits a paper, sets the scheme, reads the ranks of marks saved and publishes', async () => {
    const api = await principalApi();
    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'principal');
      await openFromNavigation(page, '/exams');
      await page.getByRole('heading', { level: 1, name: 'Exams' }).waitFor();
      // The year has no exams: copying last year's is offered, and the server's refusal said plainly.
      const year = (await api.get('/api/exams')).body.data.academic_year as string;
      const empty = page.getByTestId('exams-empty');
      await empty.getByText(`No exams yet for ${year}`, { exact: true }).waitFor();
      await empty.getByRole('button', { name: "Copy last year's setup" }).click();
      await empty.getByRole('alert').getByText('The academic year before has no exams to copy.').waitFor();

      // A new exam: Scripture of 100 is made in every class of the year.
      await page.getByRole('button', { name: 'New exam' }).click();
      const form = page.getByTestId('exam-form');
      await form.getByRole('textbox', { name: 'Exam name' }).fill('Half-Yearly Examination');
      await form.getByLabel('Starts on').fill('2026-12-07');
      await form.getByLabel('Ends on').fill('2026-12-05');
      await form.getByRole('button', { name: 'Save' }).click();
      // The shared schema's check, before anything is sent.
      await form.getByText('The exam cannot end before it starts.').waitFor();
      await form.getByLabel('Ends on').fill('2026-12-08');
      const created = textShown(page, 'Exam created.');
      await form.getByRole('button', { name: 'Save' }).click();
      await created;
      const card = page.getByRole('region', { name: 'Half-Yearly Examination' });
      await card.getByText('Half-yearly', { exact: true }).waitFor();
      await card.getByText('Not published', { exact: true }).waitFor();

      // The first class's Scripture becomes 50 marks with half marks.
      await card.getByRole('button', { name: 'Classes and papers' }).click();
      const firstClass = card.getByTestId('exam-class').first();
      await firstClass.getByText('Scripture: 100 marks', { exact: true }).waitFor();
      await firstClass.getByRole('button', { name: 'Edit' }).click();
      const paperForm = page.getByTestId('paper-form');
      await paperForm.getByRole('textbox', { name: 'Maximum marks' }).fill('50');
      await paperForm.getByRole('switch', { name: 'Half marks allowed' }).check();
      const updated = textShown(page, 'Paper updated.');
      await paperForm.getByRole('button', { name: 'Save' }).click();
      await updated;
      await firstClass.getByText('Scripture: 50 marks, half marks allowed', { exact: true }).waitFor();

      // The scheme: a pass mark above second class is refused by the form; then pass 40 % and a grade band.
      const scheme = page.getByTestId('scheme-form');
      await scheme.getByRole('textbox', { name: 'Pass mark' }).fill('55');
      await scheme.getByRole('button', { name: 'Save scheme' }).click();
      await scheme.getByText('The pass mark and the divisions must rise: pass ≤ second class ≤ first class ≤ distinction ≤ 100.').waitFor();
      await scheme.getByRole('textbox', { name: 'Pass mark' }).fill('40');
      await scheme.getByRole('button', { name: 'Add grade' }).click();
      await scheme.getByTestId('grade-band').last().getByRole('textbox', { name: 'Grade' }).fill('A');
      await scheme.getByTestId('grade-band').last().getByRole('textbox', { name: 'From' }).fill('80');
      const schemeSaved = textShown(page, 'Result scheme saved.');
      await scheme.getByRole('button', { name: 'Save scheme' }).click();
      await schemeSaved;
      const saved = (await api.get('/api/exams/scheme')).body.data;
      expect(saved.pass_percent).toBe(40);
      expect(saved.grade_bands).toEqual([{ grade: 'A', min_percent: 80 }]);

      // Marks saved as the mark list saves them: 45, 45, 30.5 and AB; ranks 1, 1, 3 (competition ranking).
      const { exam, cls, marks } = await examAndClass(api, 'Half-Yearly Examination');
      expect(marks.children.length).toBeGreaterThanOrEqual(4);
      const paper = marks.papers[0];
      expect(paper).toMatchObject({ max_marks: 50, half_marks_allowed: true });
      const values = [45, 45, 30.5, 'AB'];
      const kids = marks.children.slice(0, 4);
      const save = await api.put(`/api/exams/${exam.id}/classes/${cls.id}/marks`, {
        write_id: randomUUID(), entries: kids.map((child: Json, i: number) => ({ student_id: child.student_id, paper_id: paper.id, value: values[i] })),
      });
      expect(save.status).toBe(200);

      await firstClass.getByRole('link', { name: 'Results' }).click();
      const sheet = page.getByTestId('result-sheet');
      await sheet.waitFor();
      const rowOf = (name: string) => sheet.getByTestId('result-row').filter({ has: page.getByRole('cell', { name, exact: true }) });
      const ranks = await Promise.all(kids.map((child: Json) => rowOf(child.name).getByTestId('result-rank').textContent()));
      expect(ranks).toEqual(['1', '1', '3', '–']);
      // 45 of 50 = 90.0 %: distinction, grade A; 30.5 = 61.0 %: first class; AB in the only paper: absent.
      await rowOf(kids[0].name).getByRole('cell', { name: '90.0 %' }).waitFor();
      await rowOf(kids[0].name).getByRole('cell', { name: 'Distinction' }).waitFor();
      await rowOf(kids[0].name).getByRole('cell', { name: 'A', exact: true }).waitFor();
      await rowOf(kids[2].name).getByRole('cell', { name: 'First class' }).waitFor();
      await rowOf(kids[3].name).getByText('Absent', { exact: true }).waitFor();
      if (marks.children.length > 4) await rowOf(marks.children[4].name).getByText('Pending', { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Result sheet (PDF)' }).getAttribute('href'))
        .toBe(`/api/exams/${exam.id}/classes/${cls.id}/result-sheet.pdf`);
      expect(await page.getByRole('link', { name: 'Report cards (PDF)' }).getAttribute('href')).toBe(`/api/exams/classes/${cls.id}/report-cards.pdf`);
      // Both download with the session's credentials (a plain navigation would carry none).
      for (const name of ['Result sheet (PDF)', 'Report cards (PDF)']) {
        const download = page.waitForEvent('download');
        await page.getByRole('link', { name }).click();
        const bytes = await readFile(await (await download).path());
        expect(bytes.subarray(0, 5).toString('latin1'), name).toBe('%PDF-');
      }
      // The church's figures of the exam, class by class.
      await page.getByTestId('exam-summary').getByRole('link', { name: cls.section ? `${cls.class_name} ${cls.section}` : cls.class_name }).waitFor();

      // Publish, after the confirmation; the marks are then locked and the corrections listed.
      await page.getByTestId('publish-toggle').click();
      const dialog = page.getByRole('dialog', { name: 'Publish the results?' });
      const published = textShown(page, 'Results published. The marks are now locked.');
      await dialog.getByRole('button', { name: 'Publish results' }).click();
      await published;
      await page.getByTestId('sheet-published').waitFor();
      await page.getByTestId('amendments').getByText('No mark of this class has been corrected since publishing.').waitFor();
      expect((await api.get('/api/exams')).body.data.exams[0].published_at).not.toBeNull();
      const locked = await api.put(`/api/exams/${exam.id}/classes/${cls.id}/marks`, {
        write_id: randomUUID(), entries: [{ student_id: kids[2].student_id, paper_id: paper.id, value: 40 }],
      });
      expect(locked.status).toBe(409);
    }, { allowErrors: /404/ }); // the copy of a year with none before: the server's 404, shown on the screen
  });

  it('at 390 px in Malayalam: the exams page and the result sheet fit the phone', async () => {
    const t = translatorOf('ml', ['exams']);
    // Its own exam, made and marked through the API (a Malayalam name: the longest words of the page).
    const api = await principalApi();
    const year = (await api.get('/api/exams')).body.data.academic_year as string;
    expect((await api.post('/api/exams', { academic_year: year, name: 'വാർഷിക പരീക്ഷ', kind: 'annual' })).status).toBe(201);
    const { exam, cls, marks } = await examAndClass(api, 'വാർഷിക പരീക്ഷ');
    const entries = marks.children.map((child: Json, i: number) => ({ student_id: child.student_id, paper_id: marks.papers[0].id, value: i % 3 === 2 ? 'AB' : 60 + i }));
    expect((await api.put(`/api/exams/${exam.id}/classes/${cls.id}/marks`, { write_id: randomUUID(), entries })).status).toBe(200);
    await onPage(env, PHONE_390, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: DEMO_CODE, email: demoEmail('principal', DEMO_CODE), password: DEMO_PASSWORD });
      await page.locator('main').waitFor();
      await openFromNavigation(page, '/exams');
      const card = page.getByRole('region', { name: 'വാർഷിക പരീക്ഷ' });
      await card.getByText(t('exams.kind.annual'), { exact: true }).waitFor();
      await card.getByRole('button', { name: t('exams.showClasses') }).click();
      await card.getByTestId('exam-class').first().waitFor();
      await page.getByTestId('scheme-form').waitFor();
      await expectFitsPhone(page);

      await card.getByTestId('exam-class').first().getByRole('link', { name: t('exams.results') }).click();
      await page.waitForURL(`**/exams/${exam.id}/classes/${cls.id}/results`);
      await page.getByTestId('result-sheet').waitFor();
      await page.getByTestId('exam-summary').getByRole('table').waitFor();
      await page.getByRole('button', { name: t('exams.publish.publish') }).waitFor();
      await expectFitsPhone(page);
      expect(await tableReachable(page.getByTestId('result-sheet'))).toBe(true);
      expect(await tableReachable(page.getByTestId('exam-summary').getByRole('table'))).toBe(true);
    });
  });

  it('a teacher on a phone sees their own classes of an exam with the way to their marks and results, and nothing to set up', async () => {
    const api = await principalApi();
    const year = (await api.get('/api/exams')).body.data.academic_year as string;
    const made = await api.post('/api/exams', { academic_year: year, name: 'Monthly Test', kind: 'test' });
    expect(made.status).toBe(201);
    const examId = made.body.data.exam.id as string;
    await onPage(env, PHONE, async (page) => {
      await signInAsDemo(page, 'teacher');
      await openFromNavigation(page, '/exams');
      const card = page.getByRole('region', { name: 'Monthly Test' });
      await card.getByRole('button', { name: 'Classes and papers' }).click();
      const classes = card.getByTestId('exam-class');
      await classes.first().waitFor();
      // The demo teacher's two classes (3rd A and 5th), not the church's LKG.
      expect(await classes.evaluateAll((sections) => sections.map((s) => s.getAttribute('aria-label')))).toEqual(['3rd A', '5th']);
      const third = made.body.data.classes.find((c: Json) => c.class_name === '3rd');
      expect(await classes.first().getByRole('link', { name: 'Enter marks' }).getAttribute('href')).toBe(`/exams/${examId}/classes/${third.id}/marks`);
      expect(await page.getByRole('button', { name: 'New exam' }).count()).toBe(0);
      expect(await card.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      expect(await page.getByTestId('scheme-form').count()).toBe(0);
      await expectFitsPhone(page);

      await classes.first().getByRole('link', { name: 'Results' }).click();
      await page.getByTestId('result-sheet').waitFor();
      expect(await page.getByTestId('publish-toggle').count()).toBe(0);
      expect(await page.getByTestId('exam-summary').count()).toBe(0);
      await expectFitsPhone(page);
    });
  });
});
