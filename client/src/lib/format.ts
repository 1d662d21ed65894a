/** Display helpers shared by the screens. */
import { SOURCE_LOCALE, type Locale } from '../../../common/i18n/locales';
import { formatTimeOfDay } from '../../../common/i18n/time-of-day';
import { formatDateIn } from './months';

/**
 * A whole number with Indian digit grouping (12,34,567), as `toLocaleString('en-IN')` writes it but
 * without the browser's locale data, whose first load is slow on a budget phone and would fall on
 * every dashboard's first render.
 */
export function formatCount(count: number): string {
  const digits = String(Math.abs(Math.trunc(count)));
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${count < 0 ? '-' : ''}${rest ? `${rest},` : ''}${lastThree}`;
}

/** Rupees with the ₹ sign (plan prices come from the server in rupees for display). */
export const formatRupees = (rupees: number) =>
  `₹${rupees.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

/** A server timestamp as a date in the viewer's locale and time zone. */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** A mailto: link with a subject. */
export const mailto = (address: string, subject: string) => `mailto:${address}?subject=${encodeURIComponent(subject)}`;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date ('YYYY-MM-DD') as 'Mon, 23 Nov 2026': dayjs's 'ddd, D MMM YYYY', without dayjs. */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${day} ${MONTHS[month - 1]} ${year}`;
}

/** A calendar date in the language: English as formatCalendarDate writes it, another language with its own names and order. */
export const formatCalendarDateIn = (locale: Locale, date: string) => (locale === SOURCE_LOCALE
  ? formatCalendarDate(date)
  : formatDateIn(locale, date, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }));

/** A calendar date as its day and month: '2 Dec' in English, the language's own names and order otherwise. */
export const formatDayMonthIn = (locale: Locale, date: string) => (locale === SOURCE_LOCALE
  ? `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`
  : formatDateIn(locale, date, { day: 'numeric', month: 'short' }));

/** A calendar month ('YYYY-MM') as 'Nov 2026'. */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return `${MONTHS[monthNumber - 1]} ${year}`;
}

/** The device's calendar date of a moment ('YYYY-MM-DD', local time). */
const localDateOf = (at: Date) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/**
 * A moment of this device's day as a clock time ('9:05 am' in English, 'രാവിലെ 9:05' in Malayalam:
 * formatTimeOfDay), preceded by its date when it was another day.
 */
export function formatMomentIn(locale: Locale, ms: number, now = Date.now()): string {
  const time = formatTimeOfDay(locale, ms);
  const day = localDateOf(new Date(ms));
  return day === localDateOf(new Date(now)) ? time : `${formatCalendarDateIn(locale, day)}, ${time}`;
}
