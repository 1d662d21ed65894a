import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page, Request } from 'playwright-core';
import { demoEmail } from '../../server/modules/demo/index.js';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { createClassWithStudents } from '../helpers/fixtures.js';
import { signIn as signInThroughApi, type ChurchSession } from '../helpers/church-session.js';
import { DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, isOnScreen, onPage, serviceWorkerInControl, useAppAndBrowser } from '../helpers/browser.js';
import { deviceRecords } from '../helpers/device-db.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

const env = useAppAndBrowser(undefined, { serviceWorkers: true });
const ml = translatorOf('ml', ['exammarks', 'common']);

/** What the pages may log: requests failing while the context is offline, and the refusals the tests provoke. */
const OFFLINE_ERRORS = /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/;

/** A long Malayalam name, which must keep its room on a 375 px row. */
const LONG_NAME = 'അന്നമ്മ ചെറിയാൻ പുത്തൻപുരയ്ക്കൽ വർഗീസ്';

async function demoIds() {
  const rows = await env.app.db.ownerQuery<{ church_id: string; user_id: string; email: string }>(sql`
    select c.id as church_id, u.id as user_id, u.email from churches c join users u on u.church_id = c.id where c.code = ${DEMO_CODE}`);
  return { churchId: rows[0].church_id, teacherId: rows.find((r) => r.email === demoEmail('teacher', DEMO_CODE))!.user_id };
}

/** A class of the demo teacher with three children, an exam of its year with the default paper
 * Scripture (100, whole marks) and a second paper Songs (20, half marks allowed). */
async function examOfTeachersClass() {
  const { churchId, teacherId } = await demoIds();
  const year = academicYearOf(todayIn('Asia/Kolkata'), 6);
  const made = await createClassWithStudents(env.app.db, churchId, {
    teacherId, className: '7th', section: `Ex${Date.now() % 10000}`, academicYear: year, names: [LONG_NAME, 'Binu Thomas', 'Celin Mathew'],
  });
  const principal: ChurchSession = await signInThroughApi(env.app.url, DEMO_CODE, demoEmail('principal', DEMO_CODE), DEMO_PASSWORD);
  const exam = await principal.post('/api/exams', { academic_year: year, name: `Half-yearly ${made.class.section}`, kind: 'half_yearly' });
  expect(exam.status).toBe(201);
  const examId = exam.body.data.exam?.id ?? exam.body.data.id;
  const songs = await principal.post(`/api/exams/${examId}/papers`, { class_id: made.class.id, name: 'Songs', max_marks: 20, half_marks_allowed: true });
  expect(songs.status).toBe(201);
  return { examId: examId as string, classId: made.class.id, students: made.students, principal };
}

/** The marks stored for the exam, by roll number: each paper's marks or AB, in paper order. */
async function storedMarks(examId: string) {
  return env.app.db.ownerQuery<{ roll: number; paper: string; marks: string | null; absent: boolean }>(sql`
    select s.roll_number as roll, p.name as paper, m.marks::text as marks, m.absent from exam_marks m
    join students s on s.id = m.student_id join exam_papers p on p.id = m.paper_id
    where m.exam_id = ${examId}::uuid order by s.roll_number, p.name`);
}

const isSaveCall = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/trpc/')
  && new URL(request.url()).pathname.split('/').pop()!.split(',').includes('exams.saveMarks');

/** A child's box of a paper, by the row's roll number and the box's name in Malayalam. */
const input = (page: Page, roll: number, paper: 'Scripture' | 'Songs', name: string) =>
  page.locator(`[data-roll="${roll}"]`).getByRole('textbox', { name: ml('exammarks.marksOf', { paper, name }), exact: true });

describe('exam mark entry on a phone', () => {
  it('a teacher at 375 px in Malayalam enters marks offline (AB, a half mark), they are kept on the phone, then saved to the church once', async () => {
    const { examId, classId } = await examOfTeachersClass();
    await onPage(env, PHONE, async (page) => {
      const context = page.context();
      const saves: Request[] = [];
      context.on('request', (request) => {
        if (isSaveCall(request) && !request.serviceWorker()) saves.push(request);
      });
      await signInChoosingLanguage(page, 'ml', { code: DEMO_CODE, email: demoEmail('teacher', DEMO_CODE), password: DEMO_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/exams/${examId}/classes/${classId}/marks`);
      await expect.poll(() => page.getByTestId('exam-mark-row').count()).toBe(3);
      await page.getByText(ml('exammarks.entered', { entered: 0, total: 6 })).waitFor();
      // After this first visit online the app opens from the device (service worker, kept answers).
      await serviceWorkerInControl(page);
      // In roll-number order, the long name on its row without pushing anything off the screen.
      expect(await page.getByTestId('exam-mark-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-roll')))).toEqual(['1', '2', '3']);
      await expectFitsPhone(page);
      expect(await page.locator('[data-testid="exam-mark-input"]').first().getAttribute('inputmode')).toBe('decimal');

      // Over the maximum: the shared schema's message, and no request.
      const first = input(page, 1, 'Scripture', LONG_NAME);
      await first.fill('150');
      await page.getByText(ml('exammarks.aboveMax', { max: 100 })).waitFor();
      await page.getByTestId('save-marks').click();
      await page.getByText(ml('exammarks.fixCells')).waitFor();
      // A half mark where the paper takes whole marks only.
      await first.fill('72.5');
      await page.getByText(ml('exammarks.wholeOnly')).waitFor();
      expect(saves).toHaveLength(0);

      // No signal: marks, AB (the switch) and a half mark where the paper allows it, and a remark.
      await context.setOffline(true);
      await page.getByTestId('marks-offline').waitFor();
      await first.fill('72');
      await input(page, 1, 'Songs', LONG_NAME).fill('17.5');
      await page.getByRole('button', { name: ml('exammarks.absentOf', { name: 'Binu Thomas', paper: 'Scripture' }) }).click();
      await input(page, 2, 'Songs', 'Binu Thomas').fill('ab');
      await input(page, 3, 'Scripture', 'Celin Mathew').fill('58');
      await page.getByRole('textbox', { name: ml('exammarks.remarkOf', { name: 'Celin Mathew' }) }).fill('നന്നായി പഠിക്കുന്നു');
      await page.getByText(ml('exammarks.entered', { entered: 5, total: 6 })).waitFor();
      // Save stays fully on the phone's screen.
      expect(await isOnScreen(page, '[data-testid="save-marks"]')).toBe(true);
      await page.getByTestId('save-marks').click();
      await expect.poll(() => page.getByTestId('marks-sync').getAttribute('data-state')).toBe('kept');
      expect(await page.getByTestId('marks-sync').innerText()).toBe(ml('exammarks.keptOnPhone'));
      expect(await deviceRecords(page, 'examSaves')).toHaveLength(1);
      // The header counts them with the roll call's waiting marks: one per mark of the kept save.
      await expect.poll(() => page.getByTestId('waiting-marks').getAttribute('aria-label')).toBe(ml('common.waitingMarks', { count: 5 }));
      // Signing out now would lose them: the sign-out asks first, speaking of the 5 marks kept.
      await page.getByRole('button', { name: ml('common.logout') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(ml('common.unsentMarks', { count: 5 }), { exact: true }).waitFor();
      await dialog.getByRole('button', { name: ml('common.cancel') }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await storedMarks(examId)).toEqual([]);
      // What was saved offline stays on the screen, and the list opens again from the phone after a reload without signal.
      expect(await input(page, 1, 'Songs', LONG_NAME).inputValue()).toBe('17.5');
      await page.reload();
      await expect.poll(() => page.getByTestId('exam-mark-row').count()).toBe(3);
      expect(await input(page, 1, 'Songs', LONG_NAME).inputValue()).toBe('17.5');
      expect(await input(page, 2, 'Scripture', 'Binu Thomas').inputValue()).toBe('AB');
      await expect.poll(() => page.getByTestId('marks-sync').getAttribute('data-state')).toBe('kept');

      // The signal returns: the kept save goes by itself, once, and the list says so.
      await context.setOffline(false);
      await expect.poll(() => page.getByTestId('marks-sync').getAttribute('data-state'), { timeout: 15_000 }).toBe('synced');
      expect(await page.getByTestId('marks-sync').innerText()).toBe(ml('exammarks.savedToChurch'));
      expect(saves.filter((r) => r.failure() === null)).toHaveLength(1);
      expect(await deviceRecords(page, 'examSaves')).toEqual([]);
      await expect.poll(() => page.getByTestId('waiting-marks').count()).toBe(0);
      expect(await storedMarks(examId)).toEqual([
        { roll: 1, paper: 'Scripture', marks: '72.0', absent: false },
        { roll: 1, paper: 'Songs', marks: '17.5', absent: false },
        { roll: 2, paper: 'Scripture', marks: null, absent: true },
        { roll: 2, paper: 'Songs', marks: null, absent: true },
        { roll: 3, paper: 'Scripture', marks: '58.0', absent: false },
      ]);
      const [remark] = await env.app.db.ownerQuery<{ remark: string }>(sql`select remark from exam_remarks where exam_id = ${examId}::uuid`);
      expect(remark.remark).toBe('നന്നായി പഠിക്കുന്നു');
      await page.getByText(ml('exammarks.entered', { entered: 5, total: 6 })).waitFor();
    }, { allowErrors: OFFLINE_ERRORS });
  });

  it('marks typed and not saved are kept on the phone: a reload (online, then offline) shows them as not saved; a save ends them', async () => {
    const { examId, classId } = await examOfTeachersClass();
    await onPage(env, PHONE, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: DEMO_CODE, email: demoEmail('teacher', DEMO_CODE), password: DEMO_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/exams/${examId}/classes/${classId}/marks`);
      await expect.poll(() => page.getByTestId('exam-mark-row').count()).toBe(3);
      await serviceWorkerInControl(page);
      await input(page, 1, 'Scripture', LONG_NAME).fill('64');
      await page.getByRole('button', { name: ml('exammarks.absentOf', { name: 'Binu Thomas', paper: 'Songs' }) }).click();
      await page.getByRole('textbox', { name: ml('exammarks.remarkOf', { name: 'Celin Mathew' }) }).fill('മിടുക്കി');
      // A value the paper refuses is kept as typed too, and shown with its problem again.
      await input(page, 3, 'Scripture', 'Celin Mathew').fill('150');
      await expect.poll(async () => (await deviceRecords<{ cells: Record<string, string> }>(page, 'examDrafts'))[0]?.cells).toBeDefined();
      await expect.poll(async () => Object.values((await deviceRecords<{ cells: Record<string, string> }>(page, 'examDrafts'))[0].cells).sort())
        .toEqual(['150', '64', 'AB']);

      const shownAgain = async () => {
        await expect.poll(() => page.getByTestId('exam-mark-row').count()).toBe(3);
        await expect.poll(() => input(page, 1, 'Scripture', LONG_NAME).inputValue()).toBe('64');
        expect(await input(page, 2, 'Songs', 'Binu Thomas').inputValue()).toBe('AB');
        expect(await input(page, 3, 'Scripture', 'Celin Mathew').inputValue()).toBe('150');
        expect(await page.getByRole('textbox', { name: ml('exammarks.remarkOf', { name: 'Celin Mathew' }) }).inputValue()).toBe('മിടുക്കി');
        await page.getByText(ml('exammarks.unsaved'), { exact: true }).waitFor();
        await page.getByText(ml('exammarks.aboveMax', { max: 100 })).waitFor();
      };
      await page.reload();
      await shownAgain();
      expect(await storedMarks(examId)).toEqual([]);
      // Without signal, the list opens from the phone with them too.
      await page.context().setOffline(true);
      await page.reload();
      await shownAgain();
      await page.context().setOffline(false);

      // Saved: the draft is gone, and a reload shows the church's marks, nothing unsaved.
      await input(page, 3, 'Scripture', 'Celin Mathew').fill('81');
      await page.getByTestId('save-marks').click();
      await page.getByText(ml('exammarks.saved')).waitFor();
      await expect.poll(() => deviceRecords(page, 'examDrafts')).toEqual([]);
      expect(await storedMarks(examId)).toEqual([
        { roll: 1, paper: 'Scripture', marks: '64.0', absent: false },
        { roll: 2, paper: 'Songs', marks: null, absent: true },
        { roll: 3, paper: 'Scripture', marks: '81.0', absent: false },
      ]);
      await page.reload();
      await expect.poll(() => input(page, 3, 'Scripture', 'Celin Mathew').inputValue()).toBe('81');
      expect(await page.getByText(ml('exammarks.unsaved'), { exact: true }).count()).toBe(0);
    }, { allowErrors: OFFLINE_ERRORS });
  });

  it('the server\'s refusals in the language: a maximum lowered meanwhile (400 naming roll and paper), results published meanwhile (409), a kept save refused', async () => {
    const { examId, classId, principal } = await examOfTeachersClass();
    const detail = await principal.get(`/api/exams/${examId}`);
    const scripture = (detail.body.data.classes as Array<{ id: string; papers: Array<{ id: string; name: string }> }>)
      .find((c) => c.id === classId)!.papers.find((p) => p.name === 'Scripture')!;
    await onPage(env, PHONE, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: DEMO_CODE, email: demoEmail('teacher', DEMO_CODE), password: DEMO_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/exams/${examId}/classes/${classId}/marks`);
      await expect.poll(() => page.getByTestId('exam-mark-row').count()).toBe(3);

      // The principal lowers Scripture's maximum after the list was opened: the server names the roll number and paper.
      expect((await principal.put(`/api/exams/papers/${scripture.id}`, { name: 'Scripture', max_marks: 50, half_marks_allowed: false })).status).toBe(200);
      await input(page, 2, 'Scripture', 'Binu Thomas').fill('80');
      await page.getByTestId('save-marks').click();
      await expect.poll(() => page.getByTestId('marks-error').innerText())
        .toBe(ml('exammarks.refusedCell', { roll: '2', paper: 'Scripture', reason: ml('exammarks.aboveMax', { max: 50 }) }));
      expect(await storedMarks(examId)).toEqual([]);

      // Published meanwhile: a teacher's save is refused with the lock's message.
      expect((await principal.post(`/api/exams/${examId}/publish`)).status).toBe(200);
      await input(page, 2, 'Scripture', 'Binu Thomas').fill('40');
      await page.getByTestId('save-marks').click();
      await expect.poll(() => page.getByTestId('marks-error').innerText()).toBe(ml('exammarks.examPublished'));

      // Reopened, the published list is read-only for the teacher, without Save.
      await page.reload();
      await page.getByTestId('marks-published').waitFor();
      expect(await page.getByTestId('marks-published').innerText()).toBe(ml('exammarks.lockedNote'));
      expect(await page.getByTestId('save-marks').count()).toBe(0);
      expect(await input(page, 1, 'Scripture', LONG_NAME).getAttribute('readonly')).not.toBeNull();
      expect(await page.getByRole('button', { name: ml('exammarks.absentOf', { name: LONG_NAME, paper: 'Scripture' }) }).count()).toBe(0);

      // Unpublished again: a save kept offline, the results published before it reaches the server: refused, and said so.
      expect((await principal.post(`/api/exams/${examId}/unpublish`)).status).toBe(200);
      await page.reload();
      await expect.poll(() => page.getByTestId('save-marks').count()).toBe(1);
      await page.context().setOffline(true);
      await input(page, 3, 'Scripture', 'Celin Mathew').fill('45');
      await page.getByTestId('save-marks').click();
      await expect.poll(() => page.getByTestId('marks-sync').getAttribute('data-state')).toBe('kept');
      expect((await principal.post(`/api/exams/${examId}/publish`)).status).toBe(200);
      await page.context().setOffline(false);
      await page.getByTestId('marks-refused').getByText(ml('exammarks.examPublished')).waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('marks-sync').count()).toBe(0);
      expect(await storedMarks(examId)).toEqual([]);
    }, { allowErrors: OFFLINE_ERRORS });
  });

  it('a principal corrects a published list on a desktop: the reason is asked for, then the correction is recorded', async () => {
    const { examId, classId, principal, students } = await examOfTeachersClass();
    const detail = await principal.get(`/api/exams/${examId}`);
    const scripture = (detail.body.data.classes as Array<{ id: string; papers: Array<{ id: string; name: string }> }>)
      .find((c) => c.id === classId)!.papers.find((p) => p.name === 'Scripture')!;
    const first = await principal.put(`/api/exams/${examId}/classes/${classId}/marks`, {
      write_id: crypto.randomUUID(), entries: [{ student_id: students[0].id, paper_id: scripture.id, value: 60 }],
    });
    expect(first.status).toBe(200);
    expect((await principal.post(`/api/exams/${examId}/publish`)).status).toBe(200);
    await onPage(env, DESKTOP, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: DEMO_CODE, email: demoEmail('principal', DEMO_CODE), password: DEMO_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/exams/${examId}/classes/${classId}/marks`);
      await page.getByTestId('marks-published').waitFor();
      expect(await page.getByTestId('marks-published').innerText()).toBe(ml('exammarks.correctionNote'));
      await input(page, 1, 'Scripture', LONG_NAME).fill('65');
      await page.getByTestId('save-marks').click();
      await page.getByText(ml('exammarks.reasonNeeded')).waitFor();
      await page.getByTestId('amendment-reason').fill('ഉത്തരക്കടലാസ് വീണ്ടും നോക്കി');
      await page.getByTestId('save-marks').click();
      await page.getByText(ml('exammarks.saved')).waitFor();
    });
    expect((await storedMarks(examId))[0]).toEqual({ roll: 1, paper: 'Scripture', marks: '65.0', absent: false });
    const amendments = await principal.get(`/api/exams/${examId}/amendments`);
    expect(amendments.body.data).toMatchObject([{ student_id: students[0].id, old_marks: 60, new_marks: 65, reason: 'ഉത്തരക്കടലാസ് വീണ്ടും നോക്കി' }]);
  });

  it('a save kept on the phone is sent when the signal returns on another screen', async () => {
    const { examId, classId } = await examOfTeachersClass();
    await onPage(env, PHONE, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: DEMO_CODE, email: demoEmail('teacher', DEMO_CODE), password: DEMO_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/exams/${examId}/classes/${classId}/marks`);
      await expect.poll(() => page.getByTestId('exam-mark-row').count()).toBe(3);
      await page.context().setOffline(true);
      await input(page, 2, 'Scripture', 'Binu Thomas').fill('91');
      await page.getByTestId('save-marks').click();
      await expect.poll(() => page.getByTestId('marks-sync').getAttribute('data-state')).toBe('kept');
      // Back to the dashboard (within the app, no reload), then the signal returns.
      await page.evaluate(() => {
        history.pushState({}, '', '/');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect.poll(() => page.getByTestId('exam-mark-row').count()).toBe(0);
      await page.context().setOffline(false);
      await expect.poll(() => storedMarks(examId), { timeout: 15_000 }).toEqual([{ roll: 2, paper: 'Scripture', marks: '91.0', absent: false }]);
      await expect.poll(() => deviceRecords(page, 'examSaves')).toEqual([]);
    }, { allowErrors: OFFLINE_ERRORS });
  });

  it.each(['en', 'ta', 'hi'] as const)('the list fits a 360 px phone in %s, its Save fully on screen', async (locale) => {
    const { examId, classId } = await examOfTeachersClass();
    const tr = translatorOf(locale, ['exammarks']);
    await onPage(env, { width: 360, height: 740 }, async (page) => {
      await signInChoosingLanguage(page, locale, { code: DEMO_CODE, email: demoEmail('teacher', DEMO_CODE), password: DEMO_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/exams/${examId}/classes/${classId}/marks`);
      await page.getByText(tr('exammarks.entered', { entered: 0, total: 6 })).waitFor();
      await expectFitsPhone(page);
      const save = (await page.getByTestId('save-marks').boundingBox())!;
      expect(save.x).toBeGreaterThanOrEqual(0);
      expect(save.x + save.width).toBeLessThanOrEqual(360);
      expect(save.y + save.height).toBeLessThanOrEqual(740);
      expect(await page.getByTestId('save-marks').innerText()).toBe(tr('exammarks.save'));
    });
  });
});
