import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, type Token } from '@messageformat/parser';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { AREAS } from '../../common/i18n/areas.js';
import { messagesOf, type ArbFile } from '../../common/i18n/compile.js';
import { INTL_LOCALE, LOCALES, SOURCE_LOCALE, type Locale } from '../../common/i18n/locales.js';
import { CATALOGUE_CONSTANTS } from '../helpers/catalogue-constants.js';

const CATALOGUES = path.resolve(import.meta.dirname, '../../common/i18n/catalogues');
/** Every area folder, read from the disk: an area added without being declared is caught too. */
const AREA_FOLDERS = readdirSync(CATALOGUES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();

const readArb = (area: string, locale: Locale) =>
  JSON.parse(readFileSync(path.join(CATALOGUES, area, `${locale}.json`), 'utf8')) as ArbFile;

/** The messages of every area in one language. */
const allMessages = (locale: Locale) =>
  Object.assign({}, ...AREA_FOLDERS.map((area) => messagesOf(readArb(area, locale)))) as Record<string, string>;

/** What a message asks of its caller: the names of its arguments, those of plurals and selects included. */
function placeholdersOf(tokens: Token[], names = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      names.add(token.arg);
      for (const choice of token.cases) placeholdersOf(choice.tokens, names);
    }
  }
  return names;
}

/** The choice keys of each plural of a message, in the order they appear (nested plurals included). */
function pluralKeysOf(tokens: Token[], found: string[][] = []): string[][] {
  for (const token of tokens) {
    if (token.type !== 'plural' && token.type !== 'select' && token.type !== 'selectordinal') continue;
    if (token.type === 'plural') found.push(token.cases.map((choice) => choice.key));
    for (const choice of token.cases) pluralKeysOf(choice.tokens, found);
  }
  return found;
}

const sorted = (names: Set<string>) => [...names].sort();

/** Every problem of one area's catalogues, as sentences naming the file and the id. */
function problemsOf(area: string): string[] {
  const problems: string[] = [];
  const english = messagesOf(readArb(area, SOURCE_LOCALE));
  const englishTokens = new Map<string, Token[]>();

  for (const locale of LOCALES) {
    const arb = readArb(area, locale);
    const file = `${area}/${locale}.json`;
    if (arb['@@locale'] !== locale) problems.push(`${file}: "@@locale" is ${JSON.stringify(arb['@@locale'])}, not "${locale}"`);
    const messages = messagesOf(arb);
    for (const [id, message] of Object.entries(messages)) {
      if (!id.startsWith(`${area}.`)) problems.push(`${file}: ${id} does not start with "${area}."`);
      try {
        const tokens = parse(message);
        if (locale === SOURCE_LOCALE) englishTokens.set(id, tokens);
        for (const keys of pluralKeysOf(tokens)) {
          if (!keys.includes('other')) problems.push(`${file}: ${id} has a plural without "other"`);
        }
      } catch (error) {
        problems.push(`${file}: ${id} does not parse as ICU MessageFormat: ${(error as Error).message}`);
      }
    }
    for (const key of Object.keys(arb).filter((key) => key.startsWith('@') && !key.startsWith('@@'))) {
      if (!(key.slice(1) in messages)) problems.push(`${file}: ${key} describes no message`);
    }
    if (locale === SOURCE_LOCALE) continue;

    for (const id of Object.keys(english)) {
      if (!(id in messages)) problems.push(`${file}: ${id} is missing (English has it)`);
    }
    for (const [id, message] of Object.entries(messages)) {
      if (!(id in english)) {
        problems.push(`${file}: ${id} is not in English`);
        continue;
      }
      const source = (arb[`@${id}`] as { 'x-source'?: unknown } | undefined)?.['x-source'];
      if (source !== english[id]) {
        problems.push(`${file}: ${id} is stale: translated from ${JSON.stringify(source)}, English is now ${JSON.stringify(english[id])}`);
      }
      const reference = englishTokens.get(id);
      let tokens: Token[];
      try { tokens = parse(message); } catch { continue; } // reported above
      if (!reference) continue;
      const want = sorted(placeholdersOf(reference));
      const have = sorted(placeholdersOf(tokens));
      if (want.join() !== have.join()) problems.push(`${file}: ${id} has placeholders [${have.join(', ')}], English has [${want.join(', ')}]`);
      const englishPlurals = pluralKeysOf(reference);
      pluralKeysOf(tokens).forEach((keys, index) => {
        if (englishPlurals[index]?.includes('one') && !keys.includes('one')) problems.push(`${file}: ${id} has a plural without "one" (English has one)`);
      });
    }
    const reviewed = arb['@@x-reviewed'];
    if (!Array.isArray(reviewed)) {
      problems.push(`${file}: "@@x-reviewed" is not a list`);
    } else {
      for (const id of reviewed) if (!(String(id) in messages)) problems.push(`${file}: "@@x-reviewed" names ${String(id)}, which it has not`);
    }
  }
  return problems;
}

describe('the catalogues', () => {
  it('has a folder for each declared area and declares each folder', () => {
    expect(AREA_FOLDERS).toEqual([...AREAS].sort());
  });

  it.each(AREA_FOLDERS)('%s: every message in every language, parsed, with English\'s placeholders and plurals, translated from the current English', (area) => {
    expect(problemsOf(area)).toEqual([]);
  });

  it('keeps the English of each message equal to the common/ constant the server sends', () => {
    const english = allMessages(SOURCE_LOCALE);
    const differing = CATALOGUE_CONSTANTS.filter(({ id, constant }) => english[id] !== constant)
      .map(({ id, constant, where }) => `${id} is ${JSON.stringify(english[id])}, ${where} is ${JSON.stringify(constant)}`);
    expect(differing).toEqual([]);
  });
});

describe('plural rules', () => {
  /** CLDR's categories: Hindi counts 0 as "one" (0 छात्र is grammatically singular), the others do not. */
  const EXPECTED: Record<Locale, Record<number, 'one' | 'other'>> = {
    en: { 0: 'other', 1: 'one', 2: 'other', 5: 'other' },
    ml: { 0: 'other', 1: 'one', 2: 'other', 5: 'other' },
    ta: { 0: 'other', 1: 'one', 2: 'other', 5: 'other' },
    hi: { 0: 'one', 1: 'one', 2: 'other', 5: 'other' },
  };
  const message = compileMessage('{count, plural, one {# one} other {# other}}');

  it.each(LOCALES)('%s: Lingui picks the category Intl.PluralRules gives', (locale) => {
    const i18n = setupI18n({ locale, locales: [INTL_LOCALE[locale]], messages: { [locale]: { plural: message } } });
    const rules = new Intl.PluralRules(INTL_LOCALE[locale]);
    for (const count of [0, 1, 2, 5]) {
      const category = rules.select(count);
      expect(category).toBe(EXPECTED[locale][count]);
      expect(i18n._('plural', { count })).toBe(`${count} ${category}`);
    }
  });
});
