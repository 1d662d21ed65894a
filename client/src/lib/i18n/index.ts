import { useCallback } from 'react';
import { setupI18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { INTL_LOCALE, SOURCE_LOCALE, type Locale } from '../../../../common/i18n/locales';
import type { MessageId } from '../../../../common/i18n/areas';
import { loadFontOf } from './fonts';
import { storeLanguage } from './stored-language';
import commonEnglish from '../../../../common/i18n/catalogues/common/en.json';

export { initialLanguage, storedLanguage } from './stored-language';
export { SCRIPT_FONTS } from './fonts';
export { countValues } from './count-form';
export type { MessageId } from '../../../../common/i18n/areas';
export type { Locale } from '../../../../common/i18n/locales';

/**
 * The page's texts. English, the reference, comes with the code that shows it: a feature imports its
 * area's English catalogue (compiled when the client is built) and registers it. Another language's
 * catalogue of an area is its own small file, fetched the first time that language shows that area.
 */
export const i18n = setupI18n({ locale: SOURCE_LOCALE, locales: [INTL_LOCALE.en], messages: { [SOURCE_LOCALE]: {} } });

/** The translations of every area, each fetched on demand (the English ones are registered, not
 * fetched). The mails' area is the server's alone: the page never shows it. */
const TRANSLATIONS = import.meta.glob<Messages>(
  ['../../../../common/i18n/catalogues/*/*.json', '!../../../../common/i18n/catalogues/*/en.json', '!../../../../common/i18n/catalogues/mail/*.json'],
  { import: 'default' },
);
const translationOf = (area: string, locale: Locale) => TRANSLATIONS[`../../../../common/i18n/catalogues/${area}/${locale}.json`];

/** The areas registered so far, and per language the areas whose translation is here. */
const registered = new Set<string>();
const present = new Map<Locale, Set<string>>([[SOURCE_LOCALE, registered]]);

/**
 * The operator console's texts: English whatever the church area's language (the console wraps its
 * tree in `<I18nProvider i18n={englishOnly}>`, so the shared components it uses stay English).
 */
export const englishOnly = setupI18n({ locale: SOURCE_LOCALE, locales: [INTL_LOCALE.en], messages: { [SOURCE_LOCALE]: {} } });

/** Each plain English text (no placeholder) by its id: a text that reaches a screen in English finds its id. */
const idsByEnglish = new Map<string, MessageId>();

/** Makes an area's English texts known; called once by the module that imports them. */
export function registerArea(area: string, english: unknown) {
  i18n.load(SOURCE_LOCALE, english as Messages);
  englishOnly.load(SOURCE_LOCALE, english as Messages);
  registered.add(area);
  // A compiled plain text is a one-string array (common/i18n/compile.ts).
  for (const [id, message] of Object.entries(english as Messages)) {
    if (Array.isArray(message) && message.length === 1 && typeof message[0] === 'string') idsByEnglish.set(message[0], id as MessageId);
  }
}

registerArea('common', commonEnglish);

/** Fetches what the registered areas lack in `locale` (nothing for English). */
async function loadAreas(locale: Locale) {
  const have = present.get(locale) ?? new Set<string>();
  present.set(locale, have);
  await Promise.all([...registered].filter((area) => !have.has(area)).map(async (area) => {
    const load = translationOf(area, locale);
    if (!load) throw new Error(`No ${locale} catalogue for ${area}`);
    i18n.load(locale, await load());
    have.add(area);
  }));
}

/** Brings the active language's texts of every registered area (a screen just fetched registers its own). */
export const loadActiveTexts = () => loadAreas(i18n.locale as Locale);

/** Whether someone chose a language with the picker since this page loaded. */
let chosenOnThisPage = false;

/**
 * The language chosen with the picker since the page loaded, if one was: on the sign-in screen the
 * person signing in wants it, over what their account holds (the sign-in sends it).
 */
export const languageChosenOnThisPage = (): Locale | undefined => (chosenOnThisPage ? activeLanguage() : undefined);

/**
 * Switches the page to `locale` once its texts are here: every mounted component that translates
 * renders again. `remember`: a person chose it (the picker), so this browser keeps it as its choice,
 * which the sign-in screen opens in and which a signed-in user who has chosen none takes as theirs. A
 * language applied for them (their own from the server, their church's default, the browser's first
 * guess) is not a choice made in this browser and is not kept as one.
 */
export async function setLanguage(locale: Locale, { remember }: { remember: boolean }) {
  loadFontOf(locale);
  await loadAreas(locale);
  if (remember) {
    storeLanguage(locale);
    chosenOnThisPage = true;
  }
  if (i18n.locale === locale) return;
  i18n.activate(locale, [INTL_LOCALE[locale]]);
  document.documentElement.lang = locale;
}

export const activeLanguage = () => i18n.locale as Locale;

/** Values of a message's placeholders. */
export type MessageValues = Record<string, string | number | Date>;

/** A message of the active language, outside React (a notification shown from a callback). */
export const translate = (id: MessageId, values?: MessageValues) => i18n._(id, values);

/** `t(id, values)` in the active language; the component renders again when the language changes. */
export function useT() {
  const { i18n: active } = useLingui();
  // The active language is part of the identity: a memoised child given `t` renders again on a switch.
  const locale = active.locale;
  return useCallback((id: MessageId, values?: MessageValues) => active._(id, values), [active, locale]);
}

/**
 * A text that arrives in English (a validation message of a shared schema, a message the server sent,
 * a fallback constant) in the active language when the catalogue holds it; any other text as it is.
 */
export function localized(t: (id: MessageId) => string, text: string): string;
export function localized(t: (id: MessageId) => string, text: string | undefined): string | undefined;
export function localized(t: (id: MessageId) => string, text: string | undefined) {
  const id = text === undefined ? undefined : idsByEnglish.get(text);
  return id ? t(id) : text;
}

/** The active language; the component renders again when it changes. */
export const useLanguage = () => useLingui().i18n.locale as Locale;
