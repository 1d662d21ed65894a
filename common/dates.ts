/** Calendar helpers shared by client and server. Dates are plain 'YYYY-MM-DD' strings. */

const formatters = new Map<string, Intl.DateTimeFormat>();
const lastAnswer = new Map<string, { minute: number; date: string }>();

/** Today's calendar date in a time zone ("today" is the church's, not the browser's). */
export function todayIn(timeZone: string, now = new Date()): string {
  // Time-zone offsets are whole minutes, so the date cannot change within a minute: the answer is
  // kept per minute (formatting costs tens of µs and runs on every attendance request).
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

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const dayOfWeek = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
