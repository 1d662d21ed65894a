import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's script, to run in the page. */
const AXE_SOURCE = axe.source;

/**
 * The texts under `selector` whose colours fail WCAG AA contrast (4.5:1, or 3:1 for large text), as
 * axe-core's color-contrast rule finds them in the page as drawn: "<text>: <axe's summary>". Evaluated
 * through the browser's debugging protocol, so the page's CSP does not apply to the checker.
 */
export async function lowContrastTexts(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (root) => {
    const axe = (window as unknown as { axe: { run: (context: string, options: object) => Promise<{ violations: { nodes: { target: string[]; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(root, { runOnly: ['color-contrast'] });
    return result.violations.flatMap((violation) => violation.nodes.map((node) =>
      `${document.querySelector(node.target[0])?.textContent ?? node.target.join(' ')}: ${node.failureSummary ?? ''}`));
  }, selector);
}
