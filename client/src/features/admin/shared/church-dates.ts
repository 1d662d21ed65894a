/** Dates of the console's church views. */

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

/** A timestamp in the viewer's locale and time zone. */
export const localTimestamp = (iso: string) => new Date(iso).toLocaleString();
