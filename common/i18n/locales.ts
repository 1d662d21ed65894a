/**
 * The languages the church area speaks. English is the reference: its catalogue holds the product's
 * own texts (those of the specification, word for word), and every other catalogue translates it.
 */
export const LOCALES = ['en', 'ml', 'ta', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language by its own name, as the language picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  ml: 'മലയാളം',
  ta: 'தமிழ்',
  hi: 'हिन्दी',
};

/** The tag given to Intl for dates, numbers and plurals: the language as written in India. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', ml: 'ml-IN', ta: 'ta-IN', hi: 'hi-IN' };

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/**
 * The first of the given language tags (a browser's `navigator.languages`, an Accept-Language list)
 * that we speak, by its primary language ('ml-IN' and 'ml' are Malayalam); English when none is.
 */
export function negotiateLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return SOURCE_LOCALE;
}
