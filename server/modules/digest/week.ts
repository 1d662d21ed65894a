import { addDays, dayOfWeek, todayIn } from '../../../common/dates.js';

/** The digest goes out on Monday at this hour, the church's local time. */
const DIGEST_HOUR = 8;
const MONDAY = 1;

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The hour (0-23) in a time zone at `now`. */
function hourIn(timeZone: string, now: Date): number {
  let formatter = hourFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormatters.set(timeZone, formatter);
  }
  return Number(formatter.format(now));
}

/**
 * The week whose digest is due in a time zone at `now`, named by its Monday: on a Monday from 08:00
 * to midnight, local time (a day in which the tick runs many times); undefined at any other time. A
 * Monday missed whole (no process running) is not made up later in the week: by then the "coming
 * week's" birthdays would be past.
 */
export function dueDigestWeek(timeZone: string, now: Date): string | undefined {
  const today = todayIn(timeZone, now);
  if (dayOfWeek(today) !== MONDAY || hourIn(timeZone, now) < DIGEST_HOUR) return undefined;
  return today;
}

/** The days a digest speaks of, from its Monday: the week that ended and the four before it end
 * on the Sunday before; birthdays are those of the Monday to Sunday starting that day. */
export const digestDays = (week: string) => ({
  /** The Sunday that ended the last week. */
  lastSunday: addDays(week, -1),
  /** Monday of each of the last four weeks, oldest first. */
  trendWeeks: [-28, -21, -14, -7].map((days) => addDays(week, days)),
  /** The coming week's days. */
  comingDays: Array.from({ length: 7 }, (_, i) => addDays(week, i)),
});
