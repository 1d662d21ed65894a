import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { INTL_LOCALE, SOURCE_LOCALE, type Locale } from '../../../../common/i18n/locales';
import type { MessageId, MessageValues } from './index';

/** The translations of every area but the mails' (the server's alone), each fetched on demand: the
 * same files the page's own language loads (index.ts), so no catalogue is bundled twice. */
const TRANSLATIONS = import.meta.glob<Messages>(
  ['../../../../common/i18n/catalogues/*/*.json', '!../../../../common/i18n/catalogues/*/en.json', '!../../../../common/i18n/catalogues/mail/*.json'],
  { import: 'default' },
);

/** One Lingui instance per language, apart from the page's: writing for someone else never switches the page. */
const writers = new Map<Locale, I18n>();

/**
 * A message of an area in `locale`, whatever language the page speaks: a text written for someone
 * else (a message to a guardian, in the guardian's language). `english` is the area's English
 * catalogue, which the feature has imported already; another language's catalogue of the area is
 * fetched the first time. Plurals and numbers follow `locale`. Lives outside index.ts so that only the
 * screens that write such texts carry it (the first chunk does not grow).
 */
export async function formatIn(locale: Locale, area: string, english: unknown, id: MessageId, values?: MessageValues): Promise<string> {
  let writer = writers.get(locale);
  if (!writer) {
    writer = setupI18n({ locale, locales: [INTL_LOCALE[locale]], messages: { [locale]: {} } });
    writers.set(locale, writer);
  }
  if (locale === SOURCE_LOCALE) {
    writer.load(locale, english as Messages);
  } else {
    const load = TRANSLATIONS[`../../../../common/i18n/catalogues/${area}/${locale}.json`];
    if (!load) throw new Error(`No ${locale} catalogue for ${area}`);
    writer.load(locale, await load());
  }
  return writer._(id, values);
}
