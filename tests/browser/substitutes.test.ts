import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { churches, classSubstitutes } from '../../drizzle/schema/index.js';
import { DEMO_CODE, DEMO_PASSWORD, DESKTOP, choose, onPage, openFromNavigation, signIn, signInAsDemo, useAppAndBrowser } from '../helpers/browser.js';
import { addChurchUser } from '../helpers/fixtures.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';
import { demoEmail } from '../../server/modules/demo/index.js';

const env = useAppAndBrowser();
const PHONE_390 = { width: 390, height: 844 };

let churchId: string;
let anuEmail: string;

// The demo church meets every day of the week here, so today is a class day whatever day the suite
// runs: the substitute's day is today (the server's clock is the real one).
beforeAll(async () => {
  const db = env.app.db;
  [{ id: churchId }] = await db.withPlatform((tx) => tx.select({ id: churches.id }).from(churches).where(eq(churches.code, DEMO_CODE)));
  await db.withTenant(churchId, (tx) => tx.update(churches).set({ classDays: [1, 2, 3, 4, 5, 6, 7] }).where(eq(churches.id, churchId)));
  anuEmail = (await addChurchUser(db, churchId, 'teacher', 'Anu')).email;
});

const clearAbsences = () => env.app.db.withTenant(churchId, (tx) => tx.delete(classSubstitutes).where(eq(classSubstitutes.churchId, churchId)));

/** Reports "Can't come" for the card's first offered day and (when asked) the teacher's first class. */
async function reportCantCome(page: Page, submit: string) {
  const card = page.getByTestId('cant-come');
  await card.waitFor();
  const boxes = card.getByRole('checkbox');
  if (await boxes.count() > 0) await boxes.first().check();
  await card.getByRole('button', { name: submit }).click();
  await page.getByTestId('absence').first().waitFor();
}

describe('a substitute when a teacher falls ill', () => {
  it('desktop, English: the teacher cannot come today, the principal picks Anu, the rota shows her, and Anu finds the class on Mark Attendance', async () => {
    await clearAbsences();
    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'teacher');
      await openFromNavigation(page, '/substitutes');
      await page.getByRole('heading', { name: 'Substitutes and rota', level: 1 }).waitFor();
      await page.getByTestId('absences-empty').waitFor();
      await reportCantCome(page, 'Report I can\'t come');
      expect(await page.getByTestId('absence').first().innerText()).toContain('No substitute yet');
      // The rota marks the class of today absent without a substitute, in the warning colour.
      await page.getByTestId('rota').getByTestId('rota-uncovered').first().waitFor();
    });

    await onPage(env, DESKTOP, async (page) => {
      await signInAsDemo(page, 'principal');
      await openFromNavigation(page, '/substitutes');
      const absence = page.getByTestId('absence').first();
      await absence.waitFor();
      expect(await absence.innerText()).toContain('Thomas Teacher cannot come');
      await choose(page, absence.getByTestId('substitute-picker'), 'Anu');
      await page.getByTestId('rota').getByText('Substitute: Anu', { exact: true }).first().waitFor();
    });

    await onPage(env, DESKTOP, async (page) => {
      await page.goto('/login');
      await signIn(page, DEMO_CODE, anuEmail, 'correct-horse-battery');
      await page.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
      await openFromNavigation(page, '/attendance');
      // Her class of the day is on the sheet: its roll call loads (the class is chosen, being her only one).
      await page.getByTestId('attendance-row').first().waitFor();
      expect(await page.locator('main').innerText()).toContain('3rd A');
    });
  });

  it('a phone at 390 px, Malayalam: the teacher reports they cannot come and sees it and the rota, all on the screen', async () => {
    await clearAbsences();
    const t = translatorOf('ml', ['substitutes', 'dashboard']);
    await onPage(env, PHONE_390, async (page) => {
      await signInChoosingLanguage(page, 'ml', { code: DEMO_CODE, email: demoEmail('teacher', DEMO_CODE), password: DEMO_PASSWORD });
      await openFromNavigation(page, '/substitutes');
      await page.getByRole('heading', { name: t('substitutes.title'), level: 1 }).waitFor();
      await reportCantCome(page, t('substitutes.cantCome.submit'));
      expect(await page.getByTestId('absence').first().innerText()).toContain(t('substitutes.noSubstitute'));
      await page.getByTestId('rota').getByText(t('substitutes.rota.uncovered'), { exact: true }).first().waitFor();
      await expectFitsPhone(page);
    });
  });
});
