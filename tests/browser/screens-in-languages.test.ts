import { describe, expect, it } from 'vitest';
import { demoEmail } from '../../server/modules/demo/index.js';
import { DEMO_CODE, DEMO_PASSWORD, DESKTOP, PHONE, onPage, openFromNavigation, useAppAndBrowser } from '../helpers/browser.js';
import { expectFitsPhone, signInChoosingLanguage } from '../helpers/languages.js';

// Malayalam and Tamil words run much longer than English ones: every screen of every role, in each
// language, at a phone's width, with its data loaded: nothing scrolls sideways and no button's text
// overflows. (Each screen's own test checks its texts; this one walks them all.)

const env = useAppAndBrowser();

describe.each(['ml', 'ta', 'hi'] as const)('every screen at 375 px in %s', (locale) => {
  it.each(['superadmin', 'teacher'] as const)('of the %s', async (role) => {
    await onPage(env, DESKTOP, async (page) => {
      await signInChoosingLanguage(page, locale, { code: DEMO_CODE, email: demoEmail(role, DEMO_CODE), password: DEMO_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      // The navigation's entries, read at desktop width (a phone builds its drawer when first opened).
      const nav = page.locator('#dashboard-navigation');
      await nav.getByRole('link').first().waitFor();
      const paths = await nav.getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      expect(paths.length).toBeGreaterThan(2);

      await page.setViewportSize(PHONE);
      for (const path of paths) {
        await openFromNavigation(page, path);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.lang), path).toBe(locale);
        await expectFitsPhone(page);
      }
    });
  });
});
