import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { demoEmail } from '../../server/modules/demo/index.js';
import { signIn as signInThroughApi, type ChurchSession } from '../helpers/church-session.js';
import { DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, choose, onPage, openFromNavigation, signInAsDemo, textShown, useAppAndBrowser } from '../helpers/browser.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';
import type { Json } from '../helpers/fixtures.js';

// Certificates through the real server and Chromium (issue 44): at desktop a principal issues a
// class's certificates on the exams screen (refused plainly before the year is published), sees who
// holds which with its code, and downloads the PDF; at 375 px in Malayalam anyone checks a code on
// the public page: genuine, not found, and withdrawn once the exam is unpublished.

const env = useAppAndBrowser();

const principalApi = () => signInThroughApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);

/** An annual exam of the current year (it weighs; so does the first test's, published there) with marks 90, 85, 85, 80, ... in its first class: ranks 1, 2, 2, 4... */
async function examWithMarks(api: ChurchSession) {
  const year = (await api.get('/api/exams')).body.data.academic_year as string;
  const made = await api.post('/api/exams', { academic_year: year, name: `Annual ${randomUUID().slice(0, 6)}`, kind: 'annual' });
  expect(made.status, made.body.message).toBe(201);
  const exam = made.body.data.exam as { id: string };
  const cls = (made.body.data.classes as Json[]).find((c: Json) => c.papers.length > 0)!;
  const marks = (await api.get(`/api/exams/${exam.id}/classes/${cls.id}/marks`)).body.data as { children: Json[]; papers: Json[] };
  const values = [90, 85, 85, 80, 75, 70, 65, 60, 55, 50, 45, 40, 38, 37, 36];
  const saved = await api.put(`/api/exams/${exam.id}/classes/${cls.id}/marks`, {
    write_id: randomUUID(),
    entries: marks.children.map((child: Json, i: number) => ({ student_id: child.student_id, paper_id: marks.papers[0].id, value: values[i % values.length] })),
  });
  expect(saved.status, saved.body.message).toBe(200);
  const label = cls.section ? `${cls.class_name} ${cls.section}` : cls.class_name as string;
  return { exam, cls: { id: cls.id as string, label }, children: marks.children as Array<{ name: string }> };
}

describe('certificates', () => {
  it('at desktop: a principal is told to publish first, then issues a class\'s certificates and downloads them', async () => {
    const api = await principalApi();
    const { exam, cls, children } = await examWithMarks(api);
    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'principal');
      await openFromNavigation(page, '/exams');
      const card = page.getByTestId('certificates-card');
      await card.getByRole('heading', { name: 'Certificates' }).waitFor();
      await card.getByText('Choose a class to see its certificates.').waitFor();
      await choose(page, card.getByRole('combobox', { name: 'Class', exact: true }), cls.label);
      await card.getByTestId('certificates-empty').waitFor();
      await card.getByRole('button', { name: 'Issue certificates' }).click();
      await card.getByRole('alert').getByText('Certificates can be issued once every exam that counts in the year\'s final result is published.').waitFor();

      expect((await api.post(`/api/exams/${exam.id}/publish`, {})).status).toBe(200);
      const issued = textShown(page, 'Certificates issued: 3 new, 0 unchanged, 0 withdrawn.');
      await card.getByRole('button', { name: 'Issue certificates' }).click();
      await issued;
      const rows = card.getByTestId('certificates-list').locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(3);
      const text = await card.getByTestId('certificates-list').innerText();
      expect(text).toContain(children[0].name);
      expect(text).toContain('Certificate of Merit — First Rank');
      expect(text.match(/Certificate of Merit — Second Rank/g)).toHaveLength(2);
      expect(text).not.toContain(children[3].name);
      expect(text).toMatch(/[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}/);

      const downloaded = page.waitForEvent('download');
      await card.getByRole('link', { name: 'Download PDF' }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(/^certificates-.*\.pdf$/);
      expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
    }, { allowErrors: /409/ });
  });

  it('at 375 px in Malayalam: the principal\'s certificates card picks a class and fits the phone', async () => {
    const api = await principalApi();
    const t = translatorOf('ml', ['certificates']);
    const year = (await api.get('/api/exams')).body.data.academic_year as string;
    const cls = ((await api.get(`/api/classes?academic_year=${year}`)).body.data as Json[])[0];
    await onPage(env, PHONE, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: DEMO_CODE, email: demoEmail('principal', DEMO_CODE), password: DEMO_PASSWORD });
      await page.locator('main').waitFor();
      await openFromNavigation(page, '/exams');
      const card = page.getByTestId('certificates-card');
      await card.getByRole('heading', { name: t('certificates.card.title') }).waitFor();
      await choose(page, card.getByRole('combobox', { name: t('certificates.card.class'), exact: true }), cls.section ? `${cls.class_name} ${cls.section}` : cls.class_name);
      await card.getByRole('button', { name: t('certificates.card.issue') }).waitFor();
      await expectFitsPhone(page);
    });
  });

  it('at 375 px in Malayalam: anyone checks a code; an unknown code and a withdrawn certificate are said plainly', async () => {
    const api = await principalApi();
    const { exam, cls, children } = await examWithMarks(api);
    expect((await api.post(`/api/exams/${exam.id}/publish`, {})).status).toBe(200);
    const issued = await api.post(`/api/exams/classes/${cls.id}/certificates`, {});
    expect(issued.status, issued.body.message).toBe(200);
    const first = (issued.body.data.certificates as Json[]).find((c: Json) => c.rank === 1)!;
    await onPage(env, PHONE, async (page) => {
      await page.goto(`/verify/${first.code}`);
      await page.getByTestId('language-picker').selectOption('ml');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 15_000 }).toBe('ml');
      await page.getByRole('heading', { level: 1, name: 'സർട്ടിഫിക്കറ്റ് പരിശോധന' }).waitFor();
      const valid = page.getByTestId('certificate-valid');
      await valid.getByText('ഈ സർട്ടിഫിക്കറ്റ് യഥാർത്ഥമാണ്.').waitFor();
      await valid.getByText('മെറിറ്റ് സർട്ടിഫിക്കറ്റ് — ഒന്നാം റാങ്ക്').waitFor();
      await valid.getByText(children[0].name, { exact: true }).waitFor();
      await expectFitsPhone(page);

      await page.goto('/verify/00000-00000');
      await page.getByTestId('certificate-not-found').getByText('ഈ കോഡുള്ള സർട്ടിഫിക്കറ്റ് ഇല്ല. സർട്ടിഫിക്കറ്റിൽ അച്ചടിച്ച കോഡ് പരിശോധിക്കുക.').waitFor();
      await expectFitsPhone(page);

      expect((await api.post(`/api/exams/${exam.id}/unpublish`, {})).status).toBe(200);
      await page.goto(`/verify/${first.code}`);
      await page.getByTestId('certificate-withdrawn').getByText('ഈ സർട്ടിഫിക്കറ്റ് സൺഡേ സ്കൂൾ പിൻവലിച്ചിരിക്കുന്നു.').waitFor();
      await expectFitsPhone(page);
    }, { allowErrors: /404|410/ });
  });
});
