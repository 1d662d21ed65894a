import { INTL_LOCALE, SOURCE_LOCALE, type Locale } from '../../../common/i18n/locales';

/** Attendance percentages as the screens show them: the reports and the safety card's history. */

/** A percentage's colour: 75 or more green, 50 or more yellow, below 50 red. */
export const percentageColor = (percentage: number) => (percentage >= 75 ? 'green' : percentage >= 50 ? 'yellow' : 'red');

const formats = new Map<Locale, Intl.NumberFormat>();

/**
 * One decimal: '75.0%' in English (written without Intl, whose locale data the English screens never
 * load), with the language's own number format otherwise.
 */
export function formatPercentage(percentage: number, locale: Locale): string {
  if (locale === SOURCE_LOCALE) return `${percentage.toFixed(1)}%`;
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    formats.set(locale, format);
  }
  return format.format(percentage / 100);
}
