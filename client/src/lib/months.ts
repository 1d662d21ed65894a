import { INTL_LOCALE, SOURCE_LOCALE, type Locale } from '../../../common/i18n/locales';

/** The twelve months by name, January first. */
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
  'October', 'November', 'December'] as const;

/** The months as pickers offer them: value '01'…'12', label 'January'… */
export const MONTH_OPTIONS = MONTH_NAMES.map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label }));

/** 'September' for '09' (the value itself when it is not a month). */
const monthName = (month: string) => MONTH_NAMES[Number(month) - 1] ?? month;

/**
 * Intl's formatter of `options` in a language, made once: building one (and the first use of Intl
 * at all, which loads the browser's locale data) is the slow part. English never comes here: its
 * names are the constants of this file, so an English screen loads no locale data for them.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone: 'UTC' });
    formatters.set(key, format);
  }
  return format;
}

/** The months as pickers offer them in the language: English as MONTH_OPTIONS, another language with its own names. */
export const monthOptionsIn = (locale: Locale) => (locale === SOURCE_LOCALE
  ? MONTH_OPTIONS
  : MONTH_OPTIONS.map(({ value }) => ({ value, label: monthNameIn(locale, value) })));

/** A month's name ('09' or '9') in the language: English as monthName writes it. */
export function monthNameIn(locale: Locale, month: string): string {
  const number = Number(month);
  if (locale === SOURCE_LOCALE || !(number >= 1 && number <= 12)) return monthName(month);
  return dateFormat(locale, { month: 'long' }).format(Date.UTC(2023, number - 1, 1));
}

/** A calendar date ('YYYY-MM-DD') in the language, with the given parts (weekday, month, ...). */
export const formatDateIn = (locale: Locale, date: string, options: Intl.DateTimeFormatOptions) =>
  dateFormat(locale, options).format(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))));

/** A month of a year: 'November 2026' in English, the language's own order and name otherwise ('2026 നവംബർ'). */
export function monthYearLabel(locale: Locale, year: number, month: number): string {
  if (locale === SOURCE_LOCALE) return `${MONTH_NAMES[month - 1]} ${year}`;
  return dateFormat(locale, { month: 'long', year: 'numeric' }).format(Date.UTC(year, month - 1, 1));
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The days of the week, Sunday first, each in full and shortened ('Sun') and to a letter or two ('S'). */
export function weekdayNames(locale: Locale): { full: string; short: string; narrow: string }[] {
  if (locale === SOURCE_LOCALE) return WEEKDAY_NAMES.map((full) => ({ full, short: full.slice(0, 3), narrow: full.slice(0, 1) }));
  // 2023-01-01 was a Sunday.
  return WEEKDAY_NAMES.map((_, i) => {
    const day = `2023-01-0${i + 1}`;
    return {
      full: formatDateIn(locale, day, { weekday: 'long' }),
      short: formatDateIn(locale, day, { weekday: 'short' }),
      narrow: formatDateIn(locale, day, { weekday: 'narrow' }),
    };
  });
}


/** One month of an academic year, as the month pickers offer it. */
export interface YearMonth {
  /** 'YYYY-MM' */
  value: string;
  year: number;
  month: number;
  /** 'November 2026', in the language */
  label: string;
}

/** Twelve months from the start month of the academic year '2026-2027': June 2026 … May 2027 for start month 6. */
export function academicYearMonths(academicYear: string, startMonth: number, locale: Locale = SOURCE_LOCALE): YearMonth[] {
  const startYear = Number(academicYear.slice(0, 4));
  return Array.from({ length: 12 }, (_, i) => {
    const index = startMonth - 1 + i;
    const year = startYear + Math.floor(index / 12);
    const month = (index % 12) + 1;
    return { value: `${year}-${String(month).padStart(2, '0')}`, year, month, label: monthYearLabel(locale, year, month) };
  });
}
