import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { compileCatalogue } from '../../common/i18n/compile.js';
import { INTL_LOCALE, LOCALES, SOURCE_LOCALE, type Locale } from '../../common/i18n/locales.js';
import type { MessageId } from '../../common/i18n/areas.js';

export type { Locale } from '../../common/i18n/locales.js';

const CATALOGUES = path.resolve(import.meta.dirname, '../../common/i18n/catalogues');

/** Values of a message's placeholders. */
type MessageValues = Record<string, string | number | Date>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

let translators: Map<Locale, I18n> | undefined;

/** Every area's catalogue of every language, compiled once (the first time the server translates). */
function loadTranslators(): Map<Locale, I18n> {
  const byLocale = new Map<Locale, I18n>();
  const areas = readdirSync(CATALOGUES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  for (const locale of LOCALES) {
    const messages = {};
    for (const area of areas) {
      const file = path.join(CATALOGUES, area, `${locale}.json`);
      Object.assign(messages, compileCatalogue(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>));
    }
    byLocale.set(locale, setupI18n({ locale, locales: [INTL_LOCALE[locale]], messages: { [locale]: messages } }));
  }
  return byLocale;
}

/**
 * The server's texts in one language (mails to a user, in the user's language). A message missing
 * from a translation is said in English rather than not at all; the catalogue test keeps every
 * translation complete.
 */
export function translatorFor(locale: Locale): Translate {
  translators ??= loadTranslators();
  const active = translators.get(locale)!;
  const english = translators.get(SOURCE_LOCALE)!;
  return (id, values) => (id in active.messages ? active : english)._(id, values);
}
