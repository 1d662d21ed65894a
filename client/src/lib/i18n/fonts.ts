import type { Locale } from '../../../../common/i18n/locales';

/**
 * The Noto font of each Indian script, fetched only when its language is chosen: Malayalam, Tamil and
 * Devanagari then render alike on every phone, old Android included, whatever fonts it has. English
 * needs none (the system font).
 */
const FONTS: Partial<Record<Locale, () => Promise<unknown>>> = {
  ml: () => import('./fonts/malayalam.css'),
  ta: () => import('./fonts/tamil.css'),
  hi: () => import('./fonts/devanagari.css'),
};

/** Starts loading the font of `locale` (the text shows in a fallback font until it is here). */
export function loadFontOf(locale: Locale) {
  FONTS[locale]?.().catch(() => {
    // offline or blocked: the phone's own font for that script, if it has one, takes over
  });
}

/** The script fonts first: each covers only its own letters, so Latin text falls through to the system font. */
export const SCRIPT_FONTS = '"Noto Sans Malayalam", "Noto Sans Tamil", "Noto Sans Devanagari"';
