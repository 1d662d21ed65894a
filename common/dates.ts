/** Calendar helpers shared by client and server. Dates are plain 'YYYY-MM-DD' strings. */

/** Today's calendar date in a time zone (decisions.md: "today" is the church's, not the browser's). */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function todayIn(timeZone: string, now = new Date()): string {
  // Building a formatter costs ~100 µs; one per time zone is kept.
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const dayOfWeek = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
