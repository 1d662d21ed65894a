import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { academicYearOf } from '../../common/academic-year.js';
import { MOBILE_BREAKPOINT_PX } from '../../common/constants.js';
import { todayIn } from '../../common/dates.js';
import type { Locale } from '../../common/i18n/locales.js';
import { attendance } from '../../drizzle/schema/index.js';
import { academicYearMonths } from '../../client/src/lib/months.js';
import { formatPercentage } from '../../client/src/lib/percentage.js';
import { choose, DESKTOP, onPage, openFromNavigation, signIn, useAppAndBrowser } from '../helpers/browser.js';
import { createChurch, createClassWithStudents, TEST_PASSWORD } from '../helpers/fixtures.js';
import { signIn as signInOverRest } from '../helpers/church-session.js';
import { createAssociation, officerEmail, signInOfficer } from '../helpers/associations.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';

// The association's dashboard shows its member churches' figures (issue 45): an admin invites a
// church by its code, the church's super admin accepts on its Configuration screen, and the
// dashboard compares the churches of a chosen month (a figure about fewer than 5 children said in
// words, the churches left out of a total counted), draws the year's attendance trend with its
// table, and downloads the month as CSV; at 390 and 360 px in Malayalam, at desktop in English.

const env = useAppAndBrowser();
const PHONE_390 = { width: 390, height: 844 };

// The academic year and months the dashboard opens with: the officer's (the browser's) today, years from June.
const TODAY = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
const YEAR = academicYearOf(TODAY, 6);
const [JUNE, JULY] = academicYearMonths(YEAR, 6);

/** Marks of a class: per date, one letter per child (P present, A absent); a child without a letter has no mark. */
async function mark(churchId: string, classId: string, children: string[], byDate: Record<string, string>) {
  await env.app.db.withTenant(churchId, (tx) => tx.insert(attendance).values(Object.entries(byDate).flatMap(([date, statuses]) =>
    [...statuses].map((status, i) => ({ churchId, studentId: children[i], classId, date, status: status === 'P' ? 'present' as const : 'absent' as const })))));
}

/**
 * A church whose class of 6 children is marked in July (11 of 12 marks present, two days) and only 3
 * of them in June (a month about fewer than 5 children), and a church of 3 children (withheld in every
 * month).
 */
async function churchesWithMarks() {
  const big = await createChurch(env.app.db, { roles: ['super_admin', 'teacher'] });
  const cls = await createClassWithStudents(env.app.db, big.church.id, { students: 6, academicYear: YEAR });
  const ids = cls.students.map((s) => s.id);
  await mark(big.church.id, cls.class.id, ids, { [`${JULY.value}-05`]: 'PPPPAP', [`${JULY.value}-12`]: 'PPPPPP', [`${JUNE.value}-07`]: 'PPA' });
  const small = await createChurch(env.app.db, { roles: ['super_admin'] });
  const smallClass = await createClassWithStudents(env.app.db, small.church.id, { students: 3, academicYear: YEAR });
  await mark(small.church.id, smallClass.class.id, smallClass.students.map((s) => s.id), { [`${JULY.value}-05`]: 'PPP' });
  return { big, small };
}

/** The association's admin invites the church (over REST) and its super admin accepts. */
async function join(association: { code: string }, church: { code: string }, section: string | null = null) {
  const officer = await signInOfficer(env.app.url, association.code, officerEmail('association_admin', association.code));
  const invited = await officer.post('/api/association/members', { church_code: church.code, section_id: section });
  expect(invited.status).toBe(201);
  const admin = await signInOverRest(env.app.url, church.code, `superadmin@${church.code.toLowerCase()}.test`);
  expect((await admin.post(`/api/church-association/invitations/${invited.body.data.membership_id}/accept`)).status).toBe(200);
}

/** The row (or, on a phone, the card) of a church or a total. */
const rowOf = (page: Page, level: 'church' | 'section' | 'association', name = '') =>
  page.locator(`[data-testid="totals-row"][data-level="${level}"]${level === 'association' ? '' : `[data-name="${name}"]`}`);
const figure = (row: Locator, name: string) => row.getByTestId(`figure-${name}`).innerText();

/** The figures the two churches show for July, and the totals' churches left out, in the language. */
async function expectJuly(page: Page, locale: Locale, names: { big: string; small: string }) {
  const t = translatorOf(locale, ['associationtotals']);
  const big = rowOf(page, 'church', names.big);
  await expect.poll(() => figure(big, 'attendance')).toBe(formatPercentage(91.7, locale));
  expect(await figure(big, 'enrolled')).toBe('6');
  expect(await figure(big, 'classes')).toBe('1');
  expect(await figure(big, 'sundays')).toBe('2');
  expect(await figure(big, 'consent')).toBe(formatPercentage(0, locale));
  // The church of 3 children: its enrolment, consent and attendance in words, never a number.
  const small = rowOf(page, 'church', names.small);
  for (const name of ['enrolled', 'consent', 'attendance']) expect(await figure(small, name)).toBe(t('associationtotals.fewerThanFive'));
  const total = rowOf(page, 'association');
  expect(await figure(total, 'enrolled')).toBe('6');
  expect(await figure(total, 'attendance')).toBe(formatPercentage(91.7, locale));
  expect(await total.getByTestId('churches-left-out').innerText()).toBe(t('associationtotals.churchesLeftOut', { count: 1 }));
}

/** The trend's table of the association: July's percentage, June withheld, a month without marks said so. */
async function expectTrend(page: Page, locale: Locale) {
  const t = translatorOf(locale, ['associationtotals']);
  const month = (value: string) => page.locator(`[data-testid="trend-month"][data-month="${value}"]`);
  await expect.poll(() => month(JULY.value).getAttribute('data-state')).toBe('shown');
  expect(await month(JULY.value).getByTestId('trend-value').innerText()).toContain(formatPercentage(91.7, locale));
  expect(await month(JUNE.value).getAttribute('data-state')).toBe('withheld');
  expect(await month(JUNE.value).getByTestId('trend-value').innerText()).toBe(t('associationtotals.fewerThanFive'));
  const later = academicYearMonths(YEAR, 6)[3].value;
  expect(await month(later).getByTestId('trend-value').innerText()).toBe(t('associationtotals.noMarks'));
  // The drawing: a point for each month with a figure (July alone: June is a gap, not a zero).
  await expect.poll(() => page.locator('[data-testid="trend-chart"] .recharts-line-dot').count(), { timeout: 15_000 }).toBe(1);
}

describe('the association\'s totals and trend', () => {
  it('a phone at 390 and 360 px, Malayalam: invited by code, accepted on Configuration, the church\'s figures and trend on the dashboard', async () => {
    const association = await createAssociation(env.app.db, ['association_admin']);
    const t = translatorOf('ml', ['association', 'associationtotals', 'membership']);
    const { big, small } = await churchesWithMarks();

    await onPage(env, PHONE_390, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: association.code, email: officerEmail('association_admin', association.code), password: TEST_PASSWORD });
      await page.getByRole('heading', { name: association.association.name, level: 1 }).waitFor();
      // No member yet: the dashboard says how a church joins.
      const empty = page.getByTestId('totals-empty');
      await empty.waitFor();
      expect(await empty.innerText()).toContain(t('associationtotals.empty'));
      await expectFitsPhone(page);
      await empty.getByRole('link', { name: t('associationtotals.inviteLink') }).click();
      await page.getByTestId('invite-code').fill(big.code.toLowerCase());
      await page.getByRole('button', { name: t('association.members.invite.submit'), exact: true }).click();
      await page.locator(`[data-testid="member-church"][data-code="${big.code}"]`).waitFor();
    });
    await join(association, small);

    // The church's super admin accepts on the Configuration screen's Association card.
    await onPage(env, PHONE_390, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: big.code, email: `superadmin@${big.code.toLowerCase()}.test`, password: TEST_PASSWORD });
      await page.locator('main').waitFor();
      await openFromNavigation(page, '/configuration');
      const card = page.getByTestId('association-card');
      await card.getByTestId('association-invitation').getByRole('button', { name: t('membership.invitation.accept') }).click();
      await card.getByTestId('association-membership').getByText(association.association.name, { exact: true }).waitFor();
    });

    await onPage(env, PHONE_390, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: association.code, email: officerEmail('association_admin', association.code), password: TEST_PASSWORD });
      await page.getByRole('heading', { name: t('associationtotals.title'), level: 2 }).waitFor();
      // It opens on this month of this year: the big church's class, no marks yet (unless this is July or June).
      expect(await page.getByTestId('totals-year').inputValue()).toBe(YEAR);
      const big6 = rowOf(page, 'church', big.church.name);
      await big6.waitFor();
      expect(await figure(big6, 'enrolled')).toBe('6');
      // A phone shows cards, not the wide table.
      expect(await page.getByTestId('totals-cards').count()).toBe(1);
      expect(await page.getByTestId('totals-table').count()).toBe(0);

      await choose(page, page.getByTestId('totals-month'), academicYearMonths(YEAR, 6, 'ml')[1].label);
      await expectJuly(page, 'ml', { big: big.church.name, small: small.church.name });
      await expectTrend(page, 'ml');
      for (const width of [390, 360]) {
        await page.setViewportSize({ width, height: PHONE_390.height });
        await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
        await expectFitsPhone(page);
      }

      // June: only 3 children marked, so the big church's attendance is withheld, and the total has none to show.
      await choose(page, page.getByTestId('totals-month'), academicYearMonths(YEAR, 6, 'ml')[0].label);
      await expect.poll(() => figure(rowOf(page, 'church', big.church.name), 'attendance')).toBe(t('associationtotals.fewerThanFive'));
      expect(await figure(rowOf(page, 'church', big.church.name), 'enrolled')).toBe('6');
      expect(await figure(rowOf(page, 'association'), 'attendance')).toBe(t('associationtotals.fewerThanFive'));
      expect(await rowOf(page, 'association').getByTestId('churches-left-out').innerText()).toBe(t('associationtotals.churchesLeftOut', { count: 2 }));
      await expectFitsPhone(page);
    });
  });

  it('desktop, English: the table under its sections, the trend of one church, and the month as CSV', async () => {
    const association = await createAssociation(env.app.db, ['association_admin']);
    const officer = await signInOfficer(env.app.url, association.code, officerEmail('association_admin', association.code));
    const north = (await officer.post('/api/association/sections', { name: 'North' })).body.data.id as string;
    const { big, small } = await churchesWithMarks();
    await join(association, big, north);
    await join(association, small, north);
    const t = translatorOf('en', ['associationtotals']);

    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, association.code, officerEmail('association_admin', association.code), TEST_PASSWORD);
      await page.getByRole('heading', { name: 'Member churches\' figures', level: 2 }).waitFor();
      await page.getByTestId('totals-table').waitFor();
      await choose(page, page.getByTestId('totals-month'), JULY.label);
      await expectJuly(page, 'en', { big: big.church.name, small: small.church.name });
      // The section's total above its churches, in the table's order.
      const section = rowOf(page, 'section', 'North');
      expect(await section.locator('th').innerText()).toContain('Section North');
      expect(await section.getByTestId('churches-left-out').innerText()).toBe('1 church left out');
      const order = await page.getByTestId('totals-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-level')));
      expect(order).toEqual(['section', 'church', 'church', 'association']);
      expect(page.viewportSize()!.width).toBeGreaterThanOrEqual(MOBILE_BREAKPOINT_PX);

      await expectTrend(page, 'en');
      await choose(page, page.getByTestId('trend-subject'), big.church.name);
      expect(await page.getByTestId('trend-table').locator('caption').innerText()).toBe(t('associationtotals.trend.caption', { name: big.church.name }));
      await choose(page, page.getByTestId('trend-subject'), small.church.name);
      await expect.poll(() => page.locator(`[data-testid="trend-month"][data-month="${JULY.value}"]`).getAttribute('data-state')).toBe('withheld');

      const downloaded = page.waitForEvent('download');
      await page.getByTestId('totals-csv').click();
      const file = await downloaded;
      expect(file.suggestedFilename()).toBe(`association-${association.code}-${JULY.value}.csv`);
      const lines = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
      expect(lines).toHaveLength(5);
      expect(lines.find((line) => line.includes(small.church.name))).toContain('fewer than 5');
    });
  });
});
