import type { Locale } from '../../../../common/i18n/locales';
// The Noto font of each Indian script, declared on every page with its script's unicode-range: the
// browser fetches a font file only when a letter of its script is on screen, so an English screen
// fetches none, and a Malayalam name on an English screen still shows in its font, never as boxes
// (old Android phones lack these scripts). Self-hosted: the page's CSP allows fonts from 'self' only.
import './fonts/malayalam.css';
import './fonts/tamil.css';
import './fonts/devanagari.css';

/** The family of each language's script and one of its letters, to start fetching it early. */
const SCRIPT_FONT_OF: Partial<Record<Locale, { family: string; letter: string }>> = {
  ml: { family: 'Noto Sans Malayalam', letter: 'അ' },
  ta: { family: 'Noto Sans Tamil', letter: 'அ' },
  hi: { family: 'Noto Sans Devanagari', letter: 'अ' },
};

/** Starts fetching the font of `locale` when it is chosen, before its text is drawn. */
export function loadFontOf(locale: Locale) {
  const font = SCRIPT_FONT_OF[locale];
  if (!font || typeof document === 'undefined' || !document.fonts) return;
  document.fonts.load(`1em "${font.family}"`, font.letter).catch(() => {
    // offline or blocked: the phone's own font for that script, if it has one, takes over
  });
}

/** The script fonts first: each covers only its own letters, so Latin text falls through to the system font. */
export const SCRIPT_FONTS = '"Noto Sans Malayalam", "Noto Sans Tamil", "Noto Sans Devanagari"';
