/**
 * The first Intl date formatter of a page loads the browser's locale and time-zone data: about 25 ms
 * on this machine, four times that on a budget phone, and the church's "today" (common/dates.ts)
 * needs one. Made once while the app waits for its first answers, that work is its own short task
 * instead of part of rendering Mark Attendance; later formatters (any time zone) take well under a
 * millisecond.
 */
export function warmUpDateFormatting() {
  const warmUp = () => {
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(warmUp, { timeout: 1_000 });
  else setTimeout(warmUp, 0);
}
