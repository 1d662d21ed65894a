/** Dates of the console's church views. */
import { formatDateAndTime } from '../../../../../common/i18n/time-of-day';

const DAY_MS = 86_400_000;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The last day of a subscription as 'YYYY-MM-DD'. The server keeps the end as the first instant
 * after the last day (midnight in the church's time zone), so the last day is the calendar day of
 * the millisecond before it, here in the viewer's time zone.
 */
export function lastDayOf(endIso: string): string {
  const last = new Date(new Date(endIso).getTime() - 1);
  return `${last.getFullYear()}-${pad(last.getMonth() + 1)}-${pad(last.getDate())}`;
}

/** Whole days since `createdIso` (Days Active). */
export const daysSince = (createdIso: string, now = Date.now()) =>
  Math.max(0, Math.floor((now - new Date(createdIso).getTime()) / DAY_MS));

/** The console writes dates the Indian way whatever the browser's locale ('2 Dec 2026', never
 * 12/2/2026, which an Indian reader takes for 12 February), in the viewer's time zone. */
const INDIAN_DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** A server timestamp as a date: '2 Dec 2026'. */
export const consoleDate = (iso: string) => INDIAN_DATE.format(new Date(iso));

/** A server timestamp as a date and time: '2 Dec 2026, 1:04 pm' (the console speaks English). */
export const localTimestamp = (iso: string) => formatDateAndTime('en', Date.parse(iso));
