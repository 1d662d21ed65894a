import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** A file of the church area's converted client code (the list in eslint.config.js). */
const CONVERTED = path.join(ROOT, 'client/src/components/LanguagePicker.tsx');
/** A screen of the operator console, which stays English-only. */
const CONSOLE = path.join(ROOT, 'client/src/features/admin/ExampleConsoleScreen.tsx');

const project = new ESLint({ cwd: ROOT });

/**
 * The rule as eslint.config.js sets it for a file (its selectors and its file list), run alone: the
 * project's type-aware parsing only knows files on disk, and these snippets are not.
 */
async function uiTextErrors(code: string, filePath: string) {
  const rule = (await project.calculateConfigForFile(filePath) as { rules?: Linter.RulesRecord }).rules?.['no-restricted-syntax'];
  if (!rule) return [];
  const alone = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: { files: ['**/*.tsx'], languageOptions: { parser: tseslint.parser }, rules: { 'no-restricted-syntax': rule } },
  });
  const [result] = await alone.lintText(code, { filePath });
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  return result.messages.map((message) => message.message);
}

const component = (jsx: string) => `export function Example({ t }: { t: (id: string) => string }) {\n  return ${jsx};\n}\n`;

describe('the rule against literal UI text in JSX', { timeout: 30_000 }, () => {
  it('refuses a text written in the JSX of converted code, pointing to docs/TRANSLATION.md', async () => {
    const errors = await uiTextErrors(component('<p title="Pick one">Language {t(\'a\') ? \'Yes\' : `${t(\'b\')} தமிழ்`}<>{\'हिन्दी\'}</></p>'), CONVERTED);
    expect(errors).toHaveLength(5);
    expect(errors[0]).toContain('docs/TRANSLATION.md');
  });

  it('refuses literals in the attributes that show text, in any script, and in templates there', async () => {
    const errors = await uiTextErrors(component(
      '<input placeholder={t(\'a\') ? `${t(\'b\')} name` : \'\'} aria-label="ഭാഷ" alt={\'भाषा\'} />',
    ), CONVERTED);
    expect(errors).toHaveLength(3);
  });

  it('accepts texts from the catalogue, catalogue ids given to a component, text-free punctuation and numbers, other attributes', async () => {
    expect(await uiTextErrors(component(
      '<p title={t(\'common.language\')} className="row" alt="">{t(\'common.language\')} — 12 : <Count label="reports.present" /></p>',
    ), CONVERTED)).toEqual([]);
  });

  it('leaves the operator console (English-only) alone', async () => {
    expect(await uiTextErrors(component('<p title="Pick one">Language</p>'), CONSOLE)).toEqual([]);
  });
});
