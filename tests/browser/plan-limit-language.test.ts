import { describe, expect, it } from 'vitest';
import { createChurch, TEST_PASSWORD } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';
import { addClass } from '../helpers/classes-api.js';
import { PHONE, choose, onPage, openFromNavigation, useAppAndBrowser } from '../helpers/browser.js';
import { expectFitsPhone, signInChoosingLanguage, translatorOf } from '../helpers/languages.js';
import { planLimitMessage } from '../../server/modules/subscription/limits.js';
import { academicYearOf, DEFAULT_ACADEMIC_YEAR_CONFIG } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';

const env = useAppAndBrowser();
const CURRENT_YEAR = academicYearOf(todayIn('Asia/Kolkata'), DEFAULT_ACADEMIC_YEAR_CONFIG.start_month);

// A refusal the server makes of values (a plan's limit) reaches the screen in the user's language:
// the server sends its English message with the reason plan_limit and the values, and the client says
// it from the catalogue, naming the plan by its tier's name in that language.
describe("a plan limit, in the user's language", () => {
  it.each(['ml', 'hi'] as const)('a free church\'s principal adding a third class is refused in %s on a phone', async (locale) => {
    const { code, users } = await createChurch(env.app.db, { tier: 'free' });
    const principal = await signIn(env.app.url, code, users.principal.email);
    // The plan's two classes of the year the form adds to (the current one: classes count per year).
    await addClass(principal, { class_name: 'LKG', section: 'A', academic_year: CURRENT_YEAR });
    await addClass(principal, { class_name: 'UKG', section: 'A', academic_year: CURRENT_YEAR });
    const t = translatorOf(locale, ['common', 'classes']);

    await onPage(env, PHONE, async (page) => {
      await signInChoosingLanguage(page, locale, { code, email: users.principal.email, password: TEST_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await openFromNavigation(page, '/classes');
      await page.getByRole('heading', { name: t('classes.title'), exact: true }).waitFor();
      const form = page.getByTestId('class-form');
      await choose(page, form.getByRole('combobox', { name: t('classes.className'), exact: true }), '1st');
      await form.getByRole('button', { name: t('classes.add'), exact: true }).click();

      const refusal = t('common.planLimit', { plan: t('common.tier.free'), limit: 2, resource: 'classes' });
      await form.getByRole('alert').filter({ hasText: refusal }).waitFor();
      expect(refusal).not.toContain(planLimitMessage('Free Trial', 2, 'classes'));
      expect(await form.getByRole('alert').textContent()).not.toMatch(/Upgrade your plan/);
      await expectFitsPhone(page);
    }, { allowErrors: /status of 409/ }); // the refused request, as the browser logs it
  });
});
