import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { SCRIPT_FONTS } from '../lib/i18n';

const SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The Noto font of the chosen Indian language (self-hosted, lib/i18n/fonts.ts), then the system's. */
const FONTS = `${SCRIPT_FONTS}, ${SYSTEM_FONTS}`;

/**
 * System fonts, and a self-hosted Noto font for Malayalam, Tamil and Devanagari letters: the CSP
 * allows no external font or stylesheet. Colours meet WCAG AA contrast
 * (4.5:1 for body text): the primary shade 8 of indigo is 5.7:1 on white, both as text (links) and
 * behind white text (filled buttons); Mantine's default shade 6 is 4.3:1.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: FONTS,
  headings: { fontFamily: FONTS },
});

/** Secondary ("dimmed") text in gray 7, 8.2:1 on white; Mantine's gray 6 is 3.3:1 and fails AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
