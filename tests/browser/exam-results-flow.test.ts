import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../../server/modules/demo/index.js';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { createClassWithStudents } from '../helpers/fixtures.js';
import { signIn as signInThroughApi } from '../helpers/church-session.js';
import { DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, onPage, serviceWorkerInControl, signInAsDemo, textShown, useAppAndBrowser } from '../helpers/browser.js';
import { deviceRecords } from '../helpers/device-db.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

// The exam's whole way through the screens, the bar: a teacher on a 375 px phone enters the
// marks offline in Malayalam (a tie, an AB), the signal returns and they are sent; the principal
// publishes on the result sheet at a desktop, reads the ranks, downloads a child's report card (its
// text through pdftotext: the child's name, total and rank) and shares it with a guardian through the
// dialog, whose link answers the PDF with no session. Then a teacher shares from a phone in
// Malayalam: a guardian who did not agree to be contacted cannot be chosen, and the server's refusal
// is said in Malayalam.

const env = useAppAndBrowser(undefined, { serviceWorkers: true });
const ml = translatorOf('ml', ['exammarks', 'exams']);
const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'exam-flow-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the pages may log: requests failing while the context is offline, and the refusals the tests provoke. */
const OFFLINE_ERRORS = /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/;
const LONG_NAME = 'അന്നമ്മ ചെറിയാൻ പുത്തൻപുരയ്ക്കൽ';
const NAMES = [LONG_NAME, 'Binu Thomas', 'Celin Mathew', 'Dona George'];
const MOTHER = { name: 'Mary George', relation: 'mother', phone: '+919847012345', whatsapp: 'phone', language: 'en', contact_consent: true };
const FATHER = { name: 'Joseph George', relation: 'father', phone: '+919847054321', whatsapp: 'phone', language: 'en', contact_consent: false };

const principalApi = () => signInThroughApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);

/** A class of the demo teacher with four children, its exam (Scripture of 100 and Songs of 20), and
 * Dona's guardians: her mother, who agreed to be contacted and has WhatsApp, and her father, who did not. */
async function examOfTeachersClass() {
  const rows = await env.app.db.ownerQuery<{ church_id: string; user_id: string; email: string }>(sql`
    select c.id as church_id, u.id as user_id, u.email from churches c join users u on u.church_id = c.id where c.code = ${DEMO_CODE}`);
  const teacherId = rows.find((r) => r.email === demoEmail('teacher', DEMO_CODE))!.user_id;
  const year = academicYearOf(todayIn('Asia/Kolkata'), 6);
  const made = await createClassWithStudents(env.app.db, rows[0].church_id, {
    teacherId, className: '6th', section: `F${Date.now() % 10000}`, academicYear: year, names: NAMES,
  });
  const principal = await principalApi();
  const exam = await principal.post('/api/exams', { academic_year: year, name: `Annual ${made.class.section}`, kind: 'annual' });
  expect(exam.status).toBe(201);
  const examId = exam.body.data.exam.id as string;
  const songs = await principal.post(`/api/exams/${examId}/papers`, { class_id: made.class.id, name: 'Songs', max_marks: 20, half_marks_allowed: false });
  expect(songs.status).toBe(201);
  const dona = made.students[3];
  const guardians = await principal.put(`/api/students/${dona.id}/guardians`, { guardians: [MOTHER, FATHER] });
  expect(guardians.status, guardians.body.message).toBe(200);
  return { examId, classId: made.class.id, students: made.students, principal };
}

/** The marks stored for the exam, by roll number and paper. */
const storedMarks = (examId: string) => env.app.db.ownerQuery<{ roll: number; paper: string; marks: string | null; absent: boolean }>(sql`
  select s.roll_number as roll, p.name as paper, m.marks::text as marks, m.absent from exam_marks m
  join students s on s.id = m.student_id join exam_papers p on p.id = m.paper_id
  where m.exam_id = ${examId}::uuid order by s.roll_number, p.name`);

const input = (page: Page, roll: number, paper: 'Scripture' | 'Songs') =>
  page.locator(`[data-roll="${roll}"]`).getByRole('textbox', { name: ml('exammarks.marksOf', { paper, name: NAMES[roll - 1] }), exact: true });

/** A PDF's text (pdftotext -layout), each line's spaces collapsed. */
async function pdfLines(bytes: Buffer) {
  const file = path.join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  const { stdout } = await run('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout.split('\n').map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

describe('an exam from the phone to the guardian', () => {
  it('offline Malayalam entry at 375 px, reconnect, publish, ranks, a report card\'s PDF and its link shared with a guardian', async () => {
    const { examId, classId } = await examOfTeachersClass();
    await onPage(env, PHONE, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: DEMO_CODE, email: demoEmail('teacher', DEMO_CODE), password: DEMO_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/exams/${examId}/classes/${classId}/marks`);
      await expect.poll(() => page.getByTestId('exam-mark-row').count()).toBe(4);
      await serviceWorkerInControl(page);
      await expectFitsPhone(page);

      await page.context().setOffline(true);
      await page.getByTestId('marks-offline').waitFor();
      // 70 + 15 = 85 and 72 + 13 = 85 (a tie), Celin absent from both papers, Dona 50 + 10 = 60.
      await input(page, 1, 'Scripture').fill('70');
      await input(page, 1, 'Songs').fill('15');
      await input(page, 2, 'Scripture').fill('72');
      await input(page, 2, 'Songs').fill('13');
      await page.getByRole('button', { name: ml('exammarks.absentOf', { name: 'Celin Mathew', paper: 'Scripture' }) }).click();
      await input(page, 3, 'Songs').fill('ab');
      await input(page, 4, 'Scripture').fill('50');
      await input(page, 4, 'Songs').fill('10');
      await page.getByText(ml('exammarks.entered', { entered: 8, total: 8 })).waitFor();
      await page.getByTestId('save-marks').click();
      await expect.poll(() => page.getByTestId('marks-sync').getAttribute('data-state')).toBe('kept');
      expect(await deviceRecords(page, 'examSaves')).toHaveLength(1);
      expect(await storedMarks(examId)).toEqual([]);

      await page.context().setOffline(false);
      await expect.poll(() => page.getByTestId('marks-sync').getAttribute('data-state'), { timeout: 15_000 }).toBe('synced');
      expect(await page.getByTestId('marks-sync').innerText()).toBe(ml('exammarks.savedToChurch'));
      expect(await deviceRecords(page, 'examSaves')).toEqual([]);
    }, { allowErrors: OFFLINE_ERRORS });
    expect(await storedMarks(examId)).toEqual([
      { roll: 1, paper: 'Scripture', marks: '70.0', absent: false },
      { roll: 1, paper: 'Songs', marks: '15.0', absent: false },
      { roll: 2, paper: 'Scripture', marks: '72.0', absent: false },
      { roll: 2, paper: 'Songs', marks: '13.0', absent: false },
      { roll: 3, paper: 'Scripture', marks: null, absent: true },
      { roll: 3, paper: 'Songs', marks: null, absent: true },
      { roll: 4, paper: 'Scripture', marks: '50.0', absent: false },
      { roll: 4, paper: 'Songs', marks: '10.0', absent: false },
    ]);

    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'principal');
      await page.goto(`/exams/${examId}/classes/${classId}/results`);
      const sheet = page.getByTestId('result-sheet');
      await sheet.waitFor();
      // Not published: no child's report card to download or share yet.
      expect(await page.getByTestId('report-card-actions').count()).toBe(0);
      await page.getByTestId('publish-toggle').click();
      const published = textShown(page, 'Results published. The marks are now locked.');
      await page.getByRole('dialog', { name: 'Publish the results?' }).getByRole('button', { name: 'Publish results' }).click();
      await published;
      await page.getByTestId('sheet-published').waitFor();
      // The ranks: the tie shares 1, the next is 3, the absent child has none.
      expect(await sheet.getByTestId('result-rank').allTextContents()).toEqual(['1', '1', '–', '3']);
      const dona = sheet.getByTestId('result-row').filter({ has: page.getByRole('cell', { name: 'Dona George', exact: true }) });
      await dona.getByRole('cell', { name: '60', exact: true }).waitFor();

      // Dona's report card, downloaded from her row: her name, the total and her rank.
      await dona.getByRole('button', { name: 'Report card of Dona George' }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'Download report card' }).click();
      const lines = await pdfLines(await readFile(await (await download).path()));
      expect(lines).toContain('Name: Dona George');
      expect(lines).toContain('Total 120 60');
      expect(lines.some((line) => /^Percentage: 50\.0% Result: .+ Rank in class: 3$/.test(line)), lines.join('\n')).toBe(true);

      // Shared with her mother: her father did not agree to be contacted, so he cannot be chosen.
      await dona.getByRole('button', { name: 'Report card of Dona George' }).click();
      await page.getByRole('menuitem', { name: 'Share report card' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share the report card of Dona George' });
      await expect.poll(() => dialog.getByRole('radio', { name: 'Mary George (Mother)' }).isChecked()).toBe(true);
      expect(await dialog.getByRole('radio', { name: 'Joseph George (Father)' }).isDisabled()).toBe(true);
      await dialog.getByText('Has not agreed to be contacted', { exact: true }).waitFor();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await dialog.getByRole('button', { name: 'Make the link' }).click();
      const url = await dialog.getByRole('textbox', { name: 'Report card link' }).inputValue();
      expect(url).toMatch(/\/api\/report-cards\/[A-Za-z0-9_-]{43}$/);
      const whatsapp = await dialog.getByRole('link', { name: 'Open WhatsApp' }).getAttribute('href');
      expect(whatsapp!.startsWith('https://wa.me/919847012345?text=')).toBe(true);
      expect(decodeURIComponent(new URL(whatsapp!).searchParams.get('text')!)).toContain(url);
      await dialog.getByRole('button', { name: 'Copy link' }).click();
      await dialog.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

      // The link, with no session: the PDF of her report card.
      const res = await fetch(env.app.url + new URL(url).pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const shared = await pdfLines(Buffer.from(await res.arrayBuffer()));
      expect(shared).toContain('Name: Dona George');
      expect(shared).toContain('Total 120 60');
    });
  });

  it('a teacher at 375 px in Malayalam shares from their own class; the server\'s refusal is said in Malayalam', async () => {
    const { examId, classId, students, principal } = await examOfTeachersClass();
    expect((await principal.post(`/api/exams/${examId}/publish`)).status).toBe(200);
    await onPage(env, PHONE, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: DEMO_CODE, email: demoEmail('teacher', DEMO_CODE), password: DEMO_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/exams/${examId}/classes/${classId}/results`);
      await page.getByTestId('result-sheet').waitFor();
      // The published sheet with each row's report card actions still fits the phone (the table scrolls in its card).
      await expectFitsPhone(page);
      await page.getByRole('button', { name: ml('exams.share.actionsOf', { name: 'Dona George' }) }).click();
      await page.getByRole('menuitem', { name: ml('exams.share.action') }).click();
      const dialog = page.getByRole('dialog', { name: ml('exams.share.title', { name: 'Dona George' }) });
      await dialog.getByText(ml('exams.share.noConsent'), { exact: true }).waitFor();
      expect(await dialog.getByRole('radio', { name: ml('exams.share.guardianLine', { name: 'Joseph George', relation: 'father' }) }).isDisabled()).toBe(true);
      await expectFitsPhone(page, dialog);
      // Her mother withdraws her consent meanwhile: the server refuses, in the page's language.
      const withdrawn = await principal.put(`/api/students/${students[3].id}/guardians`, { guardians: [{ ...MOTHER, contact_consent: false }, FATHER] });
      expect(withdrawn.status).toBe(200);
      await dialog.getByRole('button', { name: ml('exams.share.make') }).click();
      await dialog.getByRole('alert').getByText(ml('exams.noContactConsent'), { exact: true }).waitFor();
      // The guardians are read again: she cannot be chosen any more, and no one can.
      await expect.poll(() => dialog.getByRole('radio', { name: ml('exams.share.guardianLine', { name: 'Mary George', relation: 'mother' }) }).isDisabled())
        .toBe(true);
      await dialog.getByText(ml('exams.share.noneAgreed'), { exact: true }).waitFor();
      expect(await dialog.getByRole('button', { name: ml('exams.share.make') }).isDisabled()).toBe(true);
      // A child with no guardian who agreed: nothing to choose, and said so.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: ml('exams.share.actionsOf', { name: 'Binu Thomas' }) }).click();
      await page.getByRole('menuitem', { name: ml('exams.share.action') }).click();
      const binu = page.getByRole('dialog', { name: ml('exams.share.title', { name: 'Binu Thomas' }) });
      await binu.getByText(ml('exams.share.noneAgreed'), { exact: true }).waitFor();
      expect(await binu.getByRole('button', { name: ml('exams.share.make') }).isDisabled()).toBe(true);
    }, { allowErrors: /409/ });
  });
});
