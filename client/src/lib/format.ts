/** Display helpers shared by the screens. */

/** -1 means unlimited (01 section 6). */
export const formatLimit = (limit: number) => (limit < 0 ? 'Unlimited' : limit.toLocaleString('en-IN'));

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
