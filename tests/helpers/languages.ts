import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { setupI18n } from '@lingui/core';
import { compileCatalogue, type ArbFile } from '../../common/i18n/compile.js';
import { INTL_LOCALE, type Locale } from '../../common/i18n/locales.js';
import { fitsViewportWidth } from './browser.js';

/** An area's catalogue file of a language (common/i18n/catalogues/<area>/<locale>.json). */
const arbOf = (area: string, locale: Locale) =>
  JSON.parse(readFileSync(new URL(`../../common/i18n/catalogues/${area}/${locale}.json`, import.meta.url), 'utf8')) as ArbFile;

/** `t(id, values)` of a language over the given areas, from their catalogue files, as the client formats them. */
export function translatorOf(locale: Locale, areas: readonly string[]) {
  const messages = Object.assign({}, ...areas.map((area) => compileCatalogue(arbOf(area, locale)))) as Record<string, string>;
  const i18n = setupI18n({ locale, locales: [INTL_LOCALE[locale]], messages: { [locale]: messages } });
  return (id: string, values?: Record<string, unknown>) => i18n._(id, values);
}

/**
 * Chooses the language with the sign-in screen's picker, then signs in by the inputs' types, not
 * their labels (which follow the language). The choice is sent with the sign-in and becomes the
 * user's own.
 */
export async function signInChoosingLanguage(page: Page, locale: Locale, account: { code: string; email: string; password: string }) {
  await page.goto('/login');
  await page.getByTestId('language-picker').selectOption(locale);
  // The language's catalogue loads on demand: on a busy machine that takes more than the poll's default second.
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 15_000 }).toBe(locale);
  const form = page.locator('form').filter({ has: page.locator('input[type="password"]') });
  await form.locator('input:not([type="email"]):not([type="password"]):not([type="hidden"])').first().fill(account.code);
  await form.locator('input[type="email"]').fill(account.email);
  await form.locator('input[type="password"]').fill(account.password);
  await form.locator('button[type="submit"]').click();
}

/**
 * The buttons in `scope` whose text does not fit: the button, or an element inside it that holds text,
 * wider than its box. (A button's idle loader holds no text and is not measured.)
 */
const overflowingButtons = (scope: Locator) => scope.evaluate((root) => [...root.querySelectorAll('button')]
  .filter((button) => [button, ...[...button.querySelectorAll('*')].filter((el) => [...el.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim()))]
    .some((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1))
  .map((button) => button.textContent));

/** Long words at phone width: the page scrolls not sideways, and every button's text in `scope` (the main content) fits. */
export async function expectFitsPhone(page: Page, scope: Locator = page.locator('main')) {
  expect(await fitsViewportWidth(page)).toBe(true);
  expect(await overflowingButtons(scope)).toEqual([]);
}

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * None of the given English texts is the whole text of an element in `scope` (as `getByText(text,
 * { exact: true })` matches, whitespace normalized): the ids of those shown fail the check. One pass
 * over the scope's elements: a query per text would cost the page and the test a round trip each.
 */
export async function expectNoneShown(scope: Locator, englishTexts: Record<string, string>) {
  const shownTexts = new Set(await scope.evaluate((root, wanted) => {
    const texts = new Set(wanted);
    const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
    return [...root.querySelectorAll('*')]
      .filter((el) => !el.closest('script, style'))
      .map((el) => normalize(el.textContent ?? ''))
      .filter((text) => texts.has(text));
  }, Object.values(englishTexts).map(normalized)));
  expect(Object.keys(englishTexts).filter((id) => shownTexts.has(normalized(englishTexts[id])))).toEqual([]);
}

/**
 * Mark Attendance at 360 and 390 px, as a teacher holds her phone in any language: every row's name has
 * room for twelve of its letters (the name's own text in its own font, or all of it when shorter) and
 * Save is whole on screen, above the demo server's ribbon, its label inside it and nothing over it.
 */
export async function expectSheetFitsPhones(page: Page) {
  const viewport = page.viewportSize() ?? { width: 375, height: 740 };
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: viewport.height });
    // Polled: a page narrowed from desktop width closes its sidebar on the next render, not in the same frame.
    const cutNames = () => page.getByTestId('student-name').evaluateAll((links, atWidth) => {
      const measured = links.map((link) => {
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = getComputedStyle(link).font;
        const text = link.textContent ?? '';
        return { text, width: link.getBoundingClientRect().width, twelveLetters: context.measureText([...text].slice(0, 12).join('')).width };
      });
      if (measured.length === 0) return ['no student-name shown'];
      return measured.filter((name) => name.width < name.twelveLetters - 0.5)
        .map((name) => `${name.text} at ${atWidth} px: ${name.width.toFixed(1)} < ${name.twelveLetters.toFixed(1)}`);
    }, width);
    await expect.poll(cutNames, { timeout: 5_000 }).toEqual([]);
    const save = page.getByTestId('save-attendance');
    await save.scrollIntoViewIfNeeded();
    const fit = await save.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const label = button.querySelector('.mantine-Button-label')!.getBoundingClientRect();
      const ribbonTop = document.querySelector('.demo-ribbon')?.getBoundingClientRect().top ?? window.innerHeight;
      const points = [[box.left + 4, box.top + 4], [box.right - 4, box.bottom - 4], [box.left + box.width / 2, box.top + box.height / 2]];
      return {
        onScreen: box.top >= 0 && box.bottom <= ribbonTop + 0.5,
        labelInside: label.left >= box.left - 0.5 && label.right <= box.right + 0.5 && label.top >= box.top - 0.5 && label.bottom <= box.bottom + 0.5,
        uncovered: points.every(([x, y]) => button.contains(document.elementFromPoint(x, y))),
      };
    });
    expect(fit, `Save at ${width} px`).toEqual({ onScreen: true, labelInside: true, uncovered: true });
    await expectFitsPhone(page);
  }
  await page.setViewportSize(viewport);
}
