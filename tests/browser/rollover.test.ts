import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { attendance } from '../../drizzle/schema/index.js';
import { DEFAULT_ACADEMIC_YEAR_CONFIG, academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { ROLLOVER_MESSAGES, followingYear, previousYear, rolloverOfferedFrom, turningYears } from '../../common/rollover.js';
import { planLimitMessage } from '../../server/modules/subscription/limits.js';
import { createChurch, createClassWithStudents, TEST_PASSWORD, type ChurchOptions } from '../helpers/fixtures.js';
import { signIn as signInThroughApi } from '../helpers/church-session.js';
import {
  DESKTOP, PHONE, choose, onPage, openFromNavigation, signIn, textShown, useAppAndBrowser,
} from '../helpers/browser.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

const env = useAppAndBrowser();
const PHONE_390 = { width: 390, height: 844 };

/** The year the church is in (its default setting, in its time zone) and the one before: the rollover's. */
const START_MONTH = DEFAULT_ACADEMIC_YEAR_CONFIG.start_month;
const TO_YEAR = academicYearOf(todayIn('Asia/Kolkata'), START_MONTH);
const FROM_YEAR = previousYear(TO_YEAR);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** 'YYYY-MM' as the English page says it: 'June 2027'. */
const monthYear = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/**
 * A church whose previous academic year has three classes with children: 3rd A (its teacher), 12th A
 * (the last grade: it leaves) and LKG B (no teacher; the first class of the list, opened again in the
 * new year for new children). Nothing of the current year yet.
 */
async function churchWithLastYear(options: ChurchOptions = {}) {
  const church = await createChurch(env.app.db, options);
  const churchId = church.church.id;
  const teacher = church.users.teacher;
  const third = await createClassWithStudents(env.app.db, churchId, {
    className: '3rd', section: 'A', teacherId: teacher.id, academicYear: FROM_YEAR, names: ['Asha Thomas', 'Binu Mathew', 'Celin Joseph'],
  });
  const tenth = await createClassWithStudents(env.app.db, churchId, {
    className: '12th', section: 'A', academicYear: FROM_YEAR, names: ['Deepa Varghese', 'Eldho Paul'],
  });
  const lkg = await createClassWithStudents(env.app.db, churchId, {
    className: 'LKG', section: 'B', academicYear: FROM_YEAR, names: ['Fiona Kurian'],
  });
  return { ...church, teacher, classes: { third, tenth, lkg } };
}

/** Every class row of the Classes screen as "class section year count", in the table's order. */
const classRows = (page: Page) => page.getByTestId('class-row').evaluateAll((rows) => rows.map((row) =>
  [...(row as HTMLTableRowElement).cells].slice(0, 5).filter((_, i) => i !== 2).map((cell) => cell.textContent?.trim()).join(' ')));

/** A child's choices on the wizard's second step. */
const childChoices = (dialog: Locator, name: string) => dialog.getByRole('radiogroup', { name });

/** Signs the church's principal in choosing `language`, opens Configuration and the wizard: its dialog. */
async function openWizardIn(page: Page, language: 'ml' | 'hi', church: Awaited<ReturnType<typeof churchWithLastYear>>, t: ReturnType<typeof translatorOf>) {
  await signInChoosingLanguage(page, language, { code: church.code, email: church.users.principal.email, password: TEST_PASSWORD });
  await page.waitForURL((url) => url.pathname === '/');
  await openFromNavigation(page, '/configuration');
  const start = t('configuration.rollover.start', { fromYear: FROM_YEAR, toYear: TO_YEAR });
  await page.getByTestId('rollover-card').getByRole('button', { name: start }).click();
  return page.getByRole('dialog', { name: start });
}

describe('the academic-year rollover wizard', () => {
  it('a principal opens the rollover from Classes, teachers moving up (one child held back, one leaving), sees it there, then undoes it', async () => {
    const church = await churchWithLastYear();
    const teacherName = church.teacher.name;

    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, church.code, church.users.principal.email, TEST_PASSWORD);
      await page.getByRole('heading', { name: 'Principal Dashboard' }).waitFor();
      await openFromNavigation(page, '/classes');

      // The Classes screen offers the rollover (it is offered: the year turning, not done yet).
      const offer = page.getByTestId('rollover-offer');
      await offer.getByRole('heading', { name: 'New academic year' }).waitFor();
      expect(await offer.textContent()).toContain(`The classes of ${TO_YEAR} can now be made from those of ${FROM_YEAR}.`);
      await offer.getByRole('button', { name: `Roll over ${FROM_YEAR} into ${TO_YEAR}` }).click();
      const dialog = page.getByRole('dialog', { name: `Roll over ${FROM_YEAR} into ${TO_YEAR}` });
      await dialog.getByRole('heading', { name: 'Step 1 of 3: Classes' }).waitFor();

      // (a) Each class prefilled from the suggestion: next grade, same section; a 12th (the last class) leaves.
      // Teachers stay with their class unless chosen otherwise: no 4th A this year, so the new 4th A has none.
      const nextClass = `Class in ${TO_YEAR}`;
      const third = dialog.getByRole('group', { name: '3rd A' });
      expect(await dialog.getByRole('radio', { name: 'Teachers stay with their class' }).isChecked()).toBe(true);
      expect(await dialog.getByRole('checkbox', { name: `Open LKG in ${TO_YEAR} for new children` }).isChecked()).toBe(true);
      expect(await third.getByRole('combobox', { name: nextClass }).inputValue()).toBe('4th');
      expect(await third.getByRole('textbox', { name: 'Section' }).inputValue()).toBe('A');
      expect(await third.getByRole('combobox', { name: 'Teacher' }).inputValue()).toBe('No teacher');
      // Moving up with their children, 3rd A's teacher goes with them into 4th A.
      await dialog.getByRole('radio', { name: 'Teachers move up with their children' }).check();
      expect(await third.getByRole('combobox', { name: 'Teacher' }).inputValue()).toBe(teacherName);
      expect(await dialog.getByRole('group', { name: '3rd A' }).textContent()).toContain(`Teacher: ${teacherName}`);
      const tenth = dialog.getByRole('group', { name: '12th A' });
      expect(await tenth.getByRole('combobox', { name: nextClass }).inputValue()).toBe('Leaves the Sunday School');
      expect(await tenth.getByRole('textbox', { name: 'Section' }).isDisabled()).toBe(true);
      const lkg = dialog.getByRole('group', { name: 'LKG B' });
      expect(await lkg.getByRole('combobox', { name: nextClass }).inputValue()).toBe('UKG');
      expect(await lkg.getByRole('combobox', { name: 'Teacher' }).inputValue()).toBe('No teacher');
      // The LKG moves into UKG C with the teacher instead.
      await lkg.getByRole('textbox', { name: 'Section' }).fill('C');
      await choose(page, lkg.getByRole('combobox', { name: 'Teacher' }), teacherName);
      await dialog.getByRole('button', { name: 'Next' }).click();

      // (b) Children: each moves up by default; a 12th's children leave by default.
      await dialog.getByRole('heading', { name: 'Step 2 of 3: Children' }).waitFor();
      expect(await dialog.getByTestId('rollover-children').getByRole('heading').allTextContents())
        .toEqual(['LKG B → UKG C', '3rd A → 4th A', '12th A → Leaves the Sunday School']);
      expect(await childChoices(dialog, 'Asha Thomas').getByRole('radio', { name: 'Moves up' }).isChecked()).toBe(true);
      expect(await childChoices(dialog, 'Deepa Varghese').getByRole('radio', { name: 'Leaving' }).isChecked()).toBe(true);
      expect(await childChoices(dialog, 'Deepa Varghese').getByRole('radio', { name: 'Moves up' }).count()).toBe(0);
      await childChoices(dialog, 'Binu Mathew').getByRole('radio', { name: 'Held back' }).check();
      await childChoices(dialog, 'Asha Thomas').getByRole('radio', { name: 'Leaving' }).check();
      await dialog.getByRole('button', { name: 'Next' }).click();

      // (c) The server's preview: nothing written yet.
      await dialog.getByRole('heading', { name: 'Step 3 of 3: Preview' }).waitFor();
      const preview = dialog.getByTestId('rollover-preview');
      await preview.waitFor();
      const previewClass = (name: string) => preview.getByRole('region', { name, exact: true });
      // The new year in school order, with LKG B opened for new children (no teacher: teachers moved up).
      expect(await preview.getByTestId('preview-class').evaluateAll((sections) => sections.map((s) => s.getAttribute('aria-label'))))
        .toEqual(['LKG B', 'UKG C', '3rd A', '4th A']);
      expect(await preview.getByTestId('preview-teachers').textContent()).toBe('Teachers move up with their children.');
      const opened = previewClass('LKG B');
      expect(await opened.textContent()).toContain('For new children');
      expect(await opened.textContent()).toContain('No children yet: open for new admissions.');
      expect(await opened.textContent()).toContain('No teacher');
      const fourth = previewClass('4th A');
      expect(await fourth.textContent()).toContain(`Teacher: ${teacherName}`);
      expect(await fourth.getByTestId('preview-child').allTextContents()).toEqual(['1.Celin Josephfrom 3rd A']);
      const heldBack = previewClass('3rd A');
      expect(await heldBack.getByTestId('preview-child').allTextContents()).toEqual(['1.Binu Mathewfrom 3rd AHeld back']);
      expect(await heldBack.textContent()).toContain('No teacher');
      expect(await previewClass('UKG C').getByTestId('preview-child').allTextContents()).toEqual(['1.Fiona Kurianfrom LKG B']);
      expect(await previewClass('UKG C').textContent()).toContain(`Teacher: ${teacherName}`);
      expect((await preview.getByTestId('leaving-child').allTextContents()).sort())
        .toEqual(['Asha Thomasfrom 3rd A', 'Deepa Varghesefrom 12th A', 'Eldho Paulfrom 12th A']);
      const totals = await preview.getByTestId('rollover-totals').locator('[data-total]').evaluateAll((boxes) =>
        Object.fromEntries(boxes.map((box) => [box.getAttribute('data-total'), box.firstElementChild?.textContent])));
      expect(totals).toEqual({ classes_created: '4', children_moved: '2', held_back: '1', leaving: '3' });
      expect(await preview.getByTestId('rollover-plan-limit').count()).toBe(0);

      // (d) Commit: the server's message; on Classes the new year's classes beside the old year's (kept
      // as they were), and the rollover no longer offered.
      const done = textShown(page, ROLLOVER_MESSAGES.done(4, 3));
      await dialog.getByRole('button', { name: 'Roll over now' }).click();
      await done;
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => classRows(page)).toEqual(expect.arrayContaining([
        `LKG B ${TO_YEAR} 0`, `4th A ${TO_YEAR} 1`, `3rd A ${TO_YEAR} 1`, `UKG C ${TO_YEAR} 1`, `3rd A ${FROM_YEAR} 3`, `12th A ${FROM_YEAR} 2`, `LKG B ${FROM_YEAR} 1`,
      ]));
      await offer.waitFor({ state: 'detached' });

      // The Configuration card tells what the rollover did, and when the next one is offered.
      await openFromNavigation(page, '/configuration');
      const card = page.getByTestId('rollover-card');
      const standing = card.getByTestId('rollover-standing');
      await standing.waitFor();
      expect(await standing.textContent()).toContain(`${FROM_YEAR} was rolled over into ${TO_YEAR} by ${church.users.principal.name} (`);
      expect(await card.getByTestId('rollover-next').textContent())
        .toBe(`The rollover into ${followingYear(TO_YEAR)} is offered from ${monthYear(rolloverOfferedFrom(followingYear(TO_YEAR), START_MONTH, null))}.`);
      expect(await card.getByRole('button', { name: `Roll over ${FROM_YEAR} into ${TO_YEAR}` }).count()).toBe(0);

      // Undo, after its confirmation: the old state again.
      await standing.getByRole('button', { name: 'Undo rollover' }).click();
      const confirm = page.getByRole('dialog', { name: `Undo the rollover of ${FROM_YEAR}?` });
      const undone = textShown(page, ROLLOVER_MESSAGES.undone);
      await confirm.getByRole('button', { name: 'Undo rollover' }).click();
      await undone;
      await card.getByRole('button', { name: `Roll over ${FROM_YEAR} into ${TO_YEAR}` }).waitFor();
      expect(await card.getByTestId('rollover-standing').count()).toBe(0);
      await openFromNavigation(page, '/classes');
      await page.getByTestId('class-row').first().waitFor();
      await expect.poll(async () => (await classRows(page)).sort()).toEqual(
        [`12th A ${FROM_YEAR} 2`, `3rd A ${FROM_YEAR} 3`, `LKG B ${FROM_YEAR} 1`],
      );
      await page.getByTestId('rollover-offer').waitFor();

      // The rollover month, on the Configuration card: April, the month after Kerala's annual exam.
      await openFromNavigation(page, '/configuration');
      const month = page.getByTestId('rollover-month');
      const monthSelect = month.getByRole('combobox', { name: 'Offer the rollover from' });
      expect(await monthSelect.inputValue()).toBe('When the academic year starts (June)');
      await choose(page, monthSelect, 'April');
      const april = turningYears(todayIn('Asia/Kolkata'), START_MONTH, 4);
      expect(await month.getByTestId('rollover-month-example').textContent()).toBe(`The rollover of ${april.fromYear} into ${april.toYear} is offered from `
        + `${monthYear(rolloverOfferedFrom(april.toYear, START_MONTH, 4))}; the one into ${followingYear(april.toYear)} from `
        + `${monthYear(rolloverOfferedFrom(followingYear(april.toYear), START_MONTH, 4))}.`);
      const saved = textShown(page, 'Rollover month saved.');
      await month.getByRole('button', { name: 'Save rollover month' }).click();
      await saved;
    });
    const principalAfter = await signInThroughApi(env.app.url, church.code, church.users.principal.email);
    expect((await principalAfter.get('/api/rollover/settings')).body.data.rollover_month).toBe(4);

    // The children who left are active again, each back in their class of the old year.
    const principal = await signInThroughApi(env.app.url, church.code, church.users.principal.email);
    const proposal = (await principal.get('/api/rollover')).body.data;
    expect(proposal.offered).toBe(true);
    expect(proposal.classes.map((c: { class_name: string; children: Array<{ name: string }> }) => [c.class_name, c.children.map((ch) => ch.name)]))
      .toEqual([['LKG', ['Fiona Kurian']], ['3rd', ['Asha Thomas', 'Binu Mathew', 'Celin Joseph']], ['12th', ['Deepa Varghese', 'Eldho Paul']]]);
  });

  it('at 390 px in Malayalam, the rollover is opened from Classes, teachers moving up, and made; Classes then offers it no more', async () => {
    const church = await churchWithLastYear();
    const t = translatorOf('ml', ['common', 'configuration']);
    const start = t('configuration.rollover.start', { fromYear: FROM_YEAR, toYear: TO_YEAR });
    await onPage(env, PHONE_390, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: church.code, email: church.users.principal.email, password: TEST_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await openFromNavigation(page, '/classes');
      const offer = page.getByTestId('rollover-offer');
      await offer.getByText(t('configuration.rollover.offerText', { fromYear: FROM_YEAR, toYear: TO_YEAR }), { exact: true }).waitFor();
      await expectFitsPhone(page);
      await offer.getByRole('button', { name: start, exact: true }).click();

      const dialog = page.getByRole('dialog', { name: start });
      await dialog.getByRole('heading', { name: t('configuration.rollover.stepOf', { step: 1, steps: 3, name: t('configuration.rollover.stepClasses') }) }).waitFor();
      const teacher = dialog.getByRole('group', { name: '3rd A' }).getByRole('combobox', { name: t('configuration.rollover.teacher'), exact: true });
      expect(await teacher.inputValue()).toBe(t('configuration.rollover.noTeacher'));
      await dialog.getByRole('radio', { name: t('configuration.rollover.teachersMoveUp'), exact: true }).check();
      expect(await teacher.inputValue()).toBe(church.teacher.name);
      await expectFitsPhone(page, dialog);
      await dialog.getByRole('button', { name: t('common.next'), exact: true }).click();
      await dialog.getByRole('button', { name: t('common.next'), exact: true }).click();

      // The preview: teachers moving up, LKG B opened for new children, in Malayalam.
      const preview = dialog.getByTestId('rollover-preview');
      await preview.waitFor();
      expect(await preview.getByTestId('preview-teachers').textContent()).toBe(t('configuration.rollover.previewTeachersMoveUp'));
      const opened = preview.getByRole('region', { name: 'LKG B', exact: true });
      expect(await opened.textContent()).toContain(t('configuration.rollover.openedClass'));
      expect(await preview.getByRole('region', { name: '4th A', exact: true }).textContent())
        .toContain(t('configuration.rollover.teacherOf', { name: church.teacher.name }));
      await expectFitsPhone(page, dialog);

      const done = textShown(page, t('configuration.rollover.done', { classes: 3, children: 4 }));
      await dialog.getByRole('button', { name: t('configuration.rollover.commit'), exact: true }).click();
      await done;
      await dialog.waitFor({ state: 'hidden' });
      await offer.waitFor({ state: 'detached' });
      await expectFitsPhone(page);
    });
    const principal = await signInThroughApi(env.app.url, church.code, church.users.principal.email);
    const made = (await principal.get(`/api/classes?academic_year=${TO_YEAR}`)).body.data as Array<{ class_name: string; section: string; teacher_name: string | null }>;
    expect(made.map((c) => [c.class_name, c.section, c.teacher_name])).toEqual([['LKG', 'B', null], ['UKG', 'B', null], ['4th', 'A', church.teacher.name]]);
  });

  it('on a 375px phone in Malayalam, the first step stacks each class\'s fields and fits the width', async () => {
    const church = await churchWithLastYear();
    const t = translatorOf('ml', ['common', 'configuration']);
    await onPage(env, PHONE, async (page) => {
      const dialog = await openWizardIn(page, 'ml', church, t);
      await dialog.getByRole('heading', { name: t('configuration.rollover.stepOf', { step: 1, steps: 3, name: t('configuration.rollover.stepClasses') }) }).waitFor();
      await expectFitsPhone(page, dialog);

      // The class, section and teacher fields of a row one under the other.
      const row = dialog.getByRole('group', { name: '3rd A' });
      const fields = [
        row.getByRole('combobox', { name: t('configuration.rollover.nextClass', { toYear: TO_YEAR }), exact: true }),
        row.getByRole('textbox', { name: t('configuration.rollover.section'), exact: true }),
        row.getByRole('combobox', { name: t('configuration.rollover.teacher'), exact: true }),
      ];
      const boxes = await Promise.all(fields.map((field) => field.boundingBox()));
      for (const [above, below] of [[boxes[0], boxes[1]], [boxes[1], boxes[2]]]) {
        expect(below!.y).toBeGreaterThanOrEqual(above!.y + above!.height);
        expect(below!.x).toBe(above!.x);
      }
      expect(await fields[0].inputValue()).toBe('4th');

      // Cancel closes the wizard; nothing was written.
      await dialog.getByRole('button', { name: t('common.cancel'), exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    });
    const principal = await signInThroughApi(env.app.url, church.code, church.users.principal.email);
    expect((await principal.get('/api/rollover')).body.data.offered).toBe(true);
  });

  it('on a free plan in Hindi on a phone, the preview names the plan\'s class limit and offers no commit', async () => {
    const church = await churchWithLastYear({ tier: 'free' });
    const t = translatorOf('hi', ['common', 'configuration']);
    await onPage(env, PHONE, async (page) => {
      const dialog = await openWizardIn(page, 'hi', church, t);
      // LKG is not opened for new children this time: the free plan's two classes are UKG and 4th.
      await dialog.getByRole('checkbox', { name: t('configuration.rollover.openLowest', { className: 'LKG', toYear: TO_YEAR }), exact: true }).uncheck();
      await dialog.getByRole('button', { name: t('common.next'), exact: true }).click();
      // Held back, Binu makes a third class of the new year: one more than the free plan's two.
      await childChoices(dialog, 'Binu Mathew').getByRole('radio', { name: t('configuration.rollover.outcomeHeldBack') }).check();
      await dialog.getByRole('button', { name: t('common.next'), exact: true }).click();
      const limit = dialog.getByTestId('rollover-plan-limit');
      await limit.waitFor();
      // In Hindi, with the plan's limit the server sent (2 classes a year), not the server's English.
      expect(await limit.textContent()).toBe(t('configuration.rollover.overLimit', { count: 3, limit: 2, toYear: TO_YEAR }));
      expect(await limit.textContent()).not.toContain(planLimitMessage('Free Trial', 2, 'classes'));
      expect(await dialog.getByRole('button', { name: t('configuration.rollover.commit'), exact: true }).isDisabled()).toBe(true);
      await expectFitsPhone(page, dialog);
    });
    const principal = await signInThroughApi(env.app.url, church.code, church.users.principal.email);
    expect((await principal.get('/api/rollover')).body.data.offered).toBe(true);
  });

  it('once the new year has a mark, the card says why the rollover can no longer be undone', async () => {
    const church = await churchWithLastYear();
    const principal = await signInThroughApi(env.app.url, church.code, church.users.principal.email);
    const done = await principal.post('/api/rollover', { from_year: FROM_YEAR });
    expect(done.status).toBe(201);
    const newClass = (await principal.get('/api/classes')).body.data.find((c: { academic_year: string; class_name: string }) =>
      c.academic_year === TO_YEAR && c.class_name === '4th');
    await env.app.db.withTenant(church.church.id, (tx) => tx.insert(attendance).values({
      churchId: church.church.id, studentId: church.classes.third.students[0].id, classId: newClass.id,
      date: todayIn('Asia/Kolkata'), status: 'present', markedBy: church.users.teacher.id,
    }));

    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, church.code, church.users.principal.email, TEST_PASSWORD);
      await page.getByRole('heading', { name: 'Principal Dashboard' }).waitFor();
      await openFromNavigation(page, '/configuration');
      const card = page.getByTestId('rollover-card');
      await card.getByTestId('rollover-undo-refused').getByText(ROLLOVER_MESSAGES.undoAfterMarks(TO_YEAR), { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: 'Undo rollover' }).count()).toBe(0);
      expect(await card.getByRole('button', { name: `Roll over ${FROM_YEAR} into ${TO_YEAR}` }).count()).toBe(0);
    });
  });
});
