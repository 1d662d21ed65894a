import { isLocale, negotiateLocale, type Locale } from '../../../../common/i18n/locales';

/** The language chosen in this browser, kept for the sign-in screen (a signed-in user's is kept on the server). */
const LANGUAGE_KEY = 'sundayschool.language';

export function storedLanguage(): Locale | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function storeLanguage(locale: Locale) {
  try {
    localStorage.setItem(LANGUAGE_KEY, locale);
  } catch {
    // storage disabled: the choice lasts as long as the page
  }
}

/** Before anyone signs in: the language chosen in this browser, else the browser's own languages. */
export const initialLanguage = (): Locale => storedLanguage() ?? negotiateLocale(navigator.languages ?? [navigator.language]);
