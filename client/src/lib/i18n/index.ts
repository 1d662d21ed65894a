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

/** Makes an area's English texts known; called once by the module that imports them. */
export function registerArea(area: string, english: unknown) {
  i18n.load(SOURCE_LOCALE, english as Messages);
  registered.add(area);
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
 * Whether a language was chosen with the picker since the page loaded (on the sign-in screen: the
 * person signing in wants it, over what their account holds). Asking forgets it.
 */
export function takeChoiceMadeOnThisPage(): boolean {
  const chosen = chosenOnThisPage;
  chosenOnThisPage = false;
  return chosen;
}

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

/** The active language; the component renders again when it changes. */
export const useLanguage = () => useLingui().i18n.locale as Locale;
