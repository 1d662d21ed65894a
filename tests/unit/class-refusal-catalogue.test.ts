import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { compileCatalogue, type ArbFile } from '../../common/i18n/compile.js';
import { CLASS_MESSAGES } from '../../common/class-messages.js';

/**
 * The server refuses to delete a class that has students with CLASS_MESSAGES.hasStudents(count), a
 * function; the Class Management screen shows the catalogue's `classes.hasStudents` with the count
 * in its place. Its English must stay the server's text for every count.
 */
describe('classes.hasStudents', () => {
  const arb = JSON.parse(readFileSync(new URL('../../common/i18n/catalogues/classes/en.json', import.meta.url), 'utf8')) as ArbFile;
  const i18n = setupI18n({ locale: 'en', messages: { en: compileCatalogue(arb) } });

  it.each([1, 2, 27])('is CLASS_MESSAGES.hasStudents(%i) in English', (count) => {
    expect(i18n._('classes.hasStudents', { count })).toBe(CLASS_MESSAGES.hasStudents(count));
  });
});
