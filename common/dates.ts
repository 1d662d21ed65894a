/** Calendar helpers shared by client and server. Dates are plain 'YYYY-MM-DD' strings. */

const formatters = new Map<string, Intl.DateTimeFormat>();
const lastAnswer = new Map<string, { minute: number; date: string }>();

/** Today's calendar date in a time zone ("today" is the church's, not the browser's). */
export function todayIn(timeZone: string, now = new Date()): string {
  // Time-zone offsets are whole minutes, so the date cannot change within a minute: the answer is
  // kept per minute (formatting is not free and runs on every attendance request).
  const minute = Math.floor(now.getTime() / 60_000);
  const cached = lastAnswer.get(timeZone);
  if (cached?.minute === minute) return cached.date;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  const date = `${get('year')}-${get('month')}-${get('day')}`;
  lastAnswer.set(timeZone, { minute, date });
  return date;
}

/** "Today" for a church on the server: the date in its own time zone, never the server's (the
 * client reads the same date from the church's calendar_day, `todayWithin`, without time-zone data). */
export const churchToday = (church: { time_zone: string }, now = new Date()) => todayIn(church.time_zone, now);

/**
 * A church's current calendar day and the instants it starts and ends (ISO timestamps). The server
 * sends it with the church, so a browser knows "today" without loading its own time-zone data: the
 * first Intl formatter of a page loads the browser's locale data, which a budget phone feels.
 */
export interface CalendarDay { date: string; starts_at: string; ends_at: string }

const MINUTE_MS = 60_000;
const days = new Map<string, { day: Readonly<CalendarDay>; startMs: number; endMs: number }>();

/**
 * Bisection over whole minutes (minute numbers since the epoch): the minute at `inside` is on `date` in
 * the zone and the one at `outside` is not (`outside` may lie before or after). Returns the minute
 * next to the boundary on the outside: the first minute of the next day, or the last of the previous.
 */
function minuteBeyond(timeZone: string, date: string, inside: number, outside: number): number {
  let on = inside;
  let off = outside;
  while (Math.abs(off - on) > 1) {
    const mid = Math.floor((on + off) / 2);
    if (todayIn(timeZone, new Date(mid * MINUTE_MS)) === date) on = mid;
    else off = mid;
  }
  return off;
}

/**
 * The day a time zone is in at `now`. A day lasts 23-25 hours and zone offsets are whole minutes, so
 * its bounds are found by bisection over the minutes within 26 hours either side; the answer is kept
 * per zone until the day ends (a church request then costs a comparison).
 */
export function calendarDayIn(timeZone: string, now = new Date()): Readonly<CalendarDay> {
  const nowMs = now.getTime();
  const known = days.get(timeZone);
  if (known && nowMs >= known.startMs && nowMs < known.endMs) return known.day;
  const date = todayIn(timeZone, now);
  const minute = Math.floor(nowMs / MINUTE_MS);
  const span = 26 * 60;
  const startMs = (minuteBeyond(timeZone, date, minute, minute - span) + 1) * MINUTE_MS;
  const endMs = minuteBeyond(timeZone, date, minute, minute + span) * MINUTE_MS;
  const day = Object.freeze({ date, starts_at: new Date(startMs).toISOString(), ends_at: new Date(endMs).toISOString() });
  days.set(timeZone, { day, startMs, endMs });
  return day;
}

/**
 * A guess at a church's today from one of its calendar days seen earlier (at a previous visit): that
 * day's offset from UTC applied to `now`. No Intl, so it costs nothing; right unless the church's
 * offset changed since (a daylight-saving switch), so whatever uses it must check it later.
 */
export function todayFromEarlierDay(day: CalendarDay, now = new Date()): string {
  const offsetMs = Date.parse(`${day.date}T00:00:00Z`) - Date.parse(day.starts_at);
  return new Date(now.getTime() + offsetMs).toISOString().slice(0, 10);
}

/** Today in a church: its calendar day while it lasts, else (a page left open past midnight) from the zone. */
export function todayWithin(day: CalendarDay, timeZone: string, now = new Date()): string {
  const nowMs = now.getTime();
  return nowMs >= Date.parse(day.starts_at) && nowMs < Date.parse(day.ends_at) ? day.date : todayIn(timeZone, now);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const dayOfWeek = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
