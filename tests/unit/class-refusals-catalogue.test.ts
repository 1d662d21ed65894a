import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { compileCatalogue, type ArbFile } from '../../common/i18n/compile.js';
import { CLASS_MESSAGES } from '../../common/class-messages.js';

/**
 * The server refuses a class that exists with CLASS_MESSAGES.duplicate(...) and to delete a class that has students with CLASS_MESSAGES.hasStudents(count), a
 * function each; the Class Management screen shows the catalogue's `classes.duplicate` and
 * `classes.hasStudents` with the values in their places. Their English must stay the server's text.
 */
describe('the class refusals with values', () => {
  const arb = JSON.parse(readFileSync(new URL('../../common/i18n/catalogues/classes/en.json', import.meta.url), 'utf8')) as ArbFile;
  const i18n = setupI18n({ locale: 'en', messages: { en: compileCatalogue(arb) } });

  it.each([1, 2, 27])('is CLASS_MESSAGES.hasStudents(%i) in English', (count) => {
    expect(i18n._('classes.hasStudents', { count })).toBe(CLASS_MESSAGES.hasStudents(count));
  });

  it.each([['7th', 'B'], ['LKG', '']])('classes.duplicate is CLASS_MESSAGES.duplicate(%s, %s, …) in English', (className, section) => {
    const values = { className, section, hasSection: section ? 'yes' : 'no', academicYear: '2026-2027' };
    expect(i18n._('classes.duplicate', values)).toBe(CLASS_MESSAGES.duplicate(className, section, '2026-2027'));
  });
});
