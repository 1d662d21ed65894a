import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { SCRIPT_FONTS } from '../lib/i18n';

const SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The Noto font of the chosen Indian language (self-hosted, lib/i18n/fonts.ts), then the system's. */
const FONTS = `${SCRIPT_FONTS}, ${SYSTEM_FONTS}`;

/**
 * System fonts, and a self-hosted Noto font for Malayalam, Tamil and Devanagari letters: the CSP
 * allows no external font or stylesheet. Colours meet WCAG AA contrast
 * (4.5:1 for body text): the primary shade 8 of indigo is 5.7:1 on white, both as text (links) and
 * behind white text (filled buttons); Mantine's default shade 6 is 4.3:1. Warnings are written in
 * orange 9, here #c2410c (5.2:1; Mantine's own is 4.3:1), and a success in teal 9 (5.0:1). Green (the
 * WhatsApp buttons) is darker in shades 8 and 9: white on a filled green button 5.3:1 (Mantine's 3.5:1),
 * a light green button's text 5.9:1 on its tint (Mantine's 3.8:1).
 */
const withShades = (tuple: MantineColorsTuple, shades: Record<number, string>) =>
  tuple.map((shade, i) => shades[i] ?? shade) as unknown as MantineColorsTuple;
const ORANGE = withShades(DEFAULT_THEME.colors.orange, { 9: '#c2410c' });
const GREEN = withShades(DEFAULT_THEME.colors.green, { 8: '#1e7b34', 9: '#19692c' });

export const theme = createTheme({
  colors: { orange: ORANGE, green: GREEN },
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
