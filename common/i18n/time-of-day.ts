import { INTL_LOCALE, SOURCE_LOCALE, type Locale } from './locales.js';

/**
 * Every time of day a user reads (a screen, a message, a printed page) is written here, by Intl in the
 * language of the reader, on the 12-hour clock Indian readers use:
 * - English as Indian English writes it: '10:04 am', '1:04 pm';
 * - Malayalam, Tamil and Hindi with the day-period word before the time, as they are spoken
 *   ('രാവിലെ 10:04', 'காலை 10:04', 'सुबह 10:04'; 'ഉച്ചയ്ക്ക് 1:04', 'மதியம் 1:04', 'दोपहर 1:04'), never the
 *   Latin 'AM'/'PM' that ICU gives those languages by default;
 * - digits as the rest of the language's numbers (its Intl default).
 * The client and the server both call these, so a time reads the same on a screen and in a message.
 */

/** The Intl fields of a time of day in a language. */
const timeFields = (locale: Locale): Intl.DateTimeFormatOptions => (locale === SOURCE_LOCALE
  ? { hour: 'numeric', minute: '2-digit' }
  : { hour: 'numeric', minute: '2-digit', dayPeriod: 'short' });

const DATE_FIELDS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** Formatters made once per language, parts and time zone: making one is far dearer than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(locale: Locale, withDate: boolean, timeZone: string | undefined) {
  const key = `${locale}|${withDate}|${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...(withDate ? DATE_FIELDS : {}), ...timeFields(locale), timeZone });
    formatters.set(key, format);
  }
  return format;
}

/**
 * The time of day of a moment in the language, in `timeZone` (the server passes the church's) or
 * else this device's own. English on a device comes without Intl: the first Intl formatter of a page
 * loads the browser's locale data, which a budget phone feels on Mark Attendance; it writes exactly
 * what Intl writes for en-IN (tests/unit/time-of-day.test.ts compares every minute of a day).
 */
export function formatTimeOfDay(locale: Locale, at: Date | number, timeZone?: string): string {
  if (locale === SOURCE_LOCALE && timeZone === undefined) {
    const moment = new Date(at);
    const hours = moment.getHours();
    return `${hours % 12 || 12}:${String(moment.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
  }
  return formatterOf(locale, false, timeZone).format(at);
}

/** A moment as its date and time of day in the language ('4 Jan 2026, 10:04 am', '2026 ജനു 4, രാവിലെ 10:04'), in `timeZone` or this device's. */
export const formatDateAndTime = (locale: Locale, at: Date | number, timeZone?: string): string =>
  formatterOf(locale, true, timeZone).format(at);
