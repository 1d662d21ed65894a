import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, fitsViewportWidth, onPage, signInAsDemo, useAppAndBrowser } from '../helpers/browser.js';

const env = useAppAndBrowser();

describe('the plan-usage card', () => {
  for (const [label, viewport] of [['1280px', DESKTOP], ['375px', PHONE]] as const) {
    it(`shows the gallery storage used against the plan's quota at ${label}`, async () => {
      await onPage(env, viewport, async (page) => {
        await signInAsDemo(page, 'principal');
        // The demo church is on Premium: 25 GB.
        const row = page.getByTestId('usage-storage');
        await row.getByText('Gallery storage').waitFor();
        await row.getByText(/^\d+(\.\d)? (KB|MB|GB) \/ 25 GB$/).waitFor();
        expect(await row.getByRole('progressbar').getAttribute('aria-label')).toMatch(/^Gallery storage: .+ \/ 25 GB$/);
        expect(await fitsViewportWidth(page)).toBe(true);
      });
    });
  }
});
