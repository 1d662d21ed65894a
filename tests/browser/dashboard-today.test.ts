import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { attendance, churches, classes, students } from '../../drizzle/schema/index.js';
import { addDays, dayOfWeek, todayIn } from '../../common/dates.js';
import type { Locale } from '../../common/i18n/locales.js';
import { demoEmail } from '../../server/modules/demo/seed.js';
import { DEMO_CODE, DEMO_PASSWORD, DESKTOP, onPage, pathOf, useAppAndBrowser } from '../helpers/browser.js';
import { signIn as signInByApi } from '../helpers/church-session.js';
import { lowContrastTexts } from '../helpers/contrast.js';
import { expectFitsPhone, signInChoosingLanguage } from '../helpers/languages.js';

// The dashboard's day at a glance (GET /api/dashboard/today) in the demo church: Thomas Teacher's 3rd
// A and 5th, and LKG without a teacher. The church is set to meet every day, so today is a class day
// whatever weekday the suite runs on; today's marks are taken away, so the day starts unmarked.

const env = useAppAndBrowser();
const today = todayIn('Asia/Kolkata');
const PHONE_390 = { width: 390, height: 844 };
type Role = 'teacher' | 'principal';

let churchId: string;
/** The follow-up list's count and the consent gaps as the API answers them (each role's). */
const expected = { toCall: { teacher: 0, principal: 0 }, consentGaps: 0 };

const account = (role: Role) => ({ code: DEMO_CODE, email: demoEmail(role, DEMO_CODE), password: DEMO_PASSWORD });

beforeAll(async () => {
  const db = env.app.db;
  [{ id: churchId }] = await db.withPlatform((tx) => tx.update(churches).set({ classDays: [1, 2, 3, 4, 5, 6, 7] }).where(eq(churches.code, DEMO_CODE)).returning({ id: churches.id }));
  // A child of 3rd A absent at the class's last two Sundays before today (present the one before),
  // so the follow-up list is not empty.
  const lastSunday = addDays(today, -(dayOfWeek(today) || 7));
  await db.withTenant(churchId, async (tx) => {
    await tx.delete(attendance).where(and(eq(attendance.churchId, churchId), eq(attendance.date, today)));
    const [child] = await tx.select({ id: students.id }).from(students).innerJoin(classes, eq(classes.id, students.classId))
      .where(and(eq(classes.className, '3rd'), eq(classes.section, 'A'), eq(students.rollNumber, 1)));
    await tx.update(attendance).set({ status: 'absent' }).where(and(eq(attendance.studentId, child.id), inArray(attendance.date, [lastSunday, addDays(lastSunday, -7)])));
    await tx.update(attendance).set({ status: 'present' }).where(and(eq(attendance.studentId, child.id), eq(attendance.date, addDays(lastSunday, -14))));
  });
  for (const role of ['teacher', 'principal'] as const) {
    const session = await signInByApi(env.app.url, DEMO_CODE, account(role).email, DEMO_PASSWORD);
    expected.toCall[role] = (await session.get('/api/follow-up/summary')).body.data.follow_up;
    if (role === 'principal') expected.consentGaps = (await session.get('/api/consent/summary')).body.data.missing_enrolment_consent;
  }
  expect(expected.toCall.teacher).toBeGreaterThan(0);
});

/** Marks 5th today: every child present but the first. Answers present and marked. */
async function markFifthToday() {
  return env.app.db.withTenant(churchId, async (tx) => {
    const kids = await tx.select({ id: students.id, classId: students.classId }).from(students).innerJoin(classes, eq(classes.id, students.classId))
      .where(and(eq(classes.className, '5th'), eq(students.active, true)));
    await tx.insert(attendance).values(kids.map((kid, i) => ({ churchId, studentId: kid.id, classId: kid.classId, date: today, status: i === 0 ? 'absent' : 'present' })));
    return { present: kids.length - 1, total: kids.length };
  });
}

const signInTo = async (page: Page, locale: Locale, role: Role) => {
  await signInChoosingLanguage(page, locale, account(role));
  const card = page.getByTestId('today-card');
  await card.getByTestId('today-day').waitFor();
  return card;
};

/** The card comes before the plan's usage. */
async function expectAboveUsage(page: Page, card: Locator) {
  const [today, usage] = await Promise.all([card.boundingBox(), page.getByTestId('usage-card').boundingBox()]);
  expect(today!.y + today!.height).toBeLessThanOrEqual(usage!.y);
}

/** At 360 and 390 px: nothing scrolls sideways, every button fits its text, and no element of the
 * card (its links included) is wider than its box or reaches past the screen's right edge. */
async function expectCardFitsPhones(page: Page, card: Locator) {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expectFitsPhone(page);
    const clipped = await card.evaluate((root) => [...root.querySelectorAll('*')]
      .filter((el) => el.clientWidth > 0 && (el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth + 0.5))
      .map((el) => `${el.tagName}: ${el.textContent}`));
    expect(clipped, `at ${width} px`).toEqual([]);
  }
  await page.setViewportSize(PHONE_390);
}

describe('the day at a glance', () => {
  it('a teacher (desktop, English): "Mark attendance: 3rd A, 5th" leads to each sheet, the children to call to the follow-up list', async () => {
    await onPage(env, DESKTOP, async (page) => {
      const card = await signInTo(page, 'en', 'teacher');
      const mark = card.getByTestId('today-mark');
      expect(await mark.innerText()).toMatch(/^Mark attendance:\s+3rd A\s+5th$/);
      const toCall = card.getByTestId('today-follow-up');
      expect(await toCall.innerText()).toBe(expected.toCall.teacher === 1 ? '1 child to call' : `${expected.toCall.teacher} children to call`);
      expect(await toCall.getAttribute('href')).toBe('/follow-up');
      await expectAboveUsage(page, card);

      await card.getByRole('link', { name: 'Mark attendance for 3rd A', exact: true }).click();
      await page.getByTestId('save-attendance').waitFor();
      expect(pathOf(page)).toBe('/attendance');
      expect(new URL(page.url()).searchParams.get('date')).toBe(today);
    });
  });

  it('a teacher (390 px, Malayalam): the same, in Malayalam, nothing clipped at 360 px', async () => {
    await onPage(env, PHONE_390, async (page) => {
      const card = await signInTo(page, 'ml', 'teacher');
      expect(await card.getByRole('heading', { level: 2 }).innerText()).toBe('ഇന്ന്');
      expect(await card.getByTestId('today-mark').innerText()).toMatch(/^ഹാജർ രേഖപ്പെടുത്തുക:\s+3rd A\s+5th$/);
      await card.getByRole('link', { name: '5th ക്ലാസിന്റെ ഹാജർ രേഖപ്പെടുത്തുക', exact: true }).waitFor();
      const n = expected.toCall.teacher;
      expect(await card.getByTestId('today-follow-up').innerText()).toBe(n === 1 ? 'വിളിക്കേണ്ട 1 കുട്ടി' : `വിളിക്കേണ്ട ${n} കുട്ടികൾ`);
      await expectAboveUsage(page, card);
      await expectCardFitsPhones(page, card);
    });
  });

  it('a principal (desktop, English): each class marked (present/marked) or not marked yet with a WhatsApp reminder; follow-up and consent gaps; the plan below', async () => {
    const fifth = await markFifthToday();
    await onPage(env, DESKTOP, async (page) => {
      const card = await signInTo(page, 'en', 'principal');
      const rows = card.getByTestId('today-class');
      await expect.poll(() => rows.count()).toBe(3);
      const row = (label: string) => rows.filter({ has: page.getByText(label, { exact: true }) });
      const third = row('3rd A');
      expect(await third.getByText('Thomas Teacher').count()).toBe(1);
      expect(await third.getByText('Not marked yet', { exact: true }).count()).toBe(1);
      const remind = third.getByRole('link', { name: 'Remind Thomas Teacher on WhatsApp to mark attendance for 3rd A', exact: true });
      expect(await remind.innerText()).toBe('Remind');
      expect(await remind.getAttribute('href')).toBe(`https://wa.me/919000000000?text=${encodeURIComponent('Please mark attendance for 3rd A today.')}`);
      expect(await remind.getAttribute('target')).toBe('_blank');

      expect(await row('5th').getByText(`${fifth.present}/${fifth.total} present`, { exact: true }).count()).toBe(1);
      expect(await row('5th').getByRole('link').count()).toBe(0);
      const lkg = row('LKG');
      expect(await lkg.getByText('No teacher', { exact: true }).count()).toBe(1);
      expect(await lkg.getByText('Not marked yet', { exact: true }).count()).toBe(1);
      expect(await lkg.getByRole('link').count()).toBe(0);

      const n = expected.toCall.principal;
      expect(await card.getByTestId('today-follow-up').innerText()).toBe(n === 1 ? '1 child to call' : `${n} children to call`);
      const gaps = expected.consentGaps;
      expect(await card.getByTestId('today-consent').innerText())
        .toBe(gaps === 0 ? 'Every child has enrolment consent' : gaps === 1 ? '1 child without enrolment consent' : `${gaps} children without enrolment consent`);
      await expectAboveUsage(page, card);
      // The coloured states ("5/6 present" in teal, "Not marked yet" in orange) are readable: AA contrast.
      expect(await lowContrastTexts(page, '[data-testid="today-card"]')).toEqual([]);
    });
  });

  it('a principal (390 px, Malayalam): the reminder written in Malayalam, nothing clipped at 360 px', async () => {
    await onPage(env, PHONE_390, async (page) => {
      const card = await signInTo(page, 'ml', 'principal');
      const rows = card.getByTestId('today-class');
      await expect.poll(() => rows.count()).toBe(3);
      expect(await card.getByText('ഇതുവരെ ഹാജർ രേഖപ്പെടുത്തിയിട്ടില്ല', { exact: true }).count()).toBe(2);
      const remind = card.getByRole('link', { name: '3rd A ക്ലാസിന്റെ ഹാജർ രേഖപ്പെടുത്താൻ Thomas Teacher-നെ വാട്സ്ആപ്പിൽ ഓർമ്മിപ്പിക്കുക', exact: true });
      expect(await remind.innerText()).toBe('ഓർമ്മിപ്പിക്കുക');
      const href = (await remind.getAttribute('href'))!;
      expect(decodeURIComponent(href.split('?text=')[1])).toBe('ദയവായി ഇന്ന് 3rd A ക്ലാസിന്റെ ഹാജർ രേഖപ്പെടുത്തുക.');
      expect(await card.getByText(/ഹാജരുണ്ട്$/).count()).toBe(1);
      await card.getByTestId('today-consent').waitFor();
      await expectAboveUsage(page, card);
      await expectCardFitsPhones(page, card);
    });
  });
});
