import type { Locale } from '../../../common/i18n/locales.js';

/**
 * The language of a family's documents (the printed consent form, the family export): the first
 * guardian's (in their order, the primary first) who has one, else the church's.
 */
export function familyLanguage(guardians: ReadonlyArray<{ language: Locale | null }>, churchLanguage: Locale): Locale {
  return guardians.find((g) => g.language !== null)?.language ?? churchLanguage;
}
