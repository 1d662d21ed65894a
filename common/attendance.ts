/** Attendance rules shared by the client (to disable what the server would refuse) and the server. */
import { ATTENDANCE_EDIT_WINDOW_DAYS, MESSAGES } from './constants.js';
import { addDays } from './dates.js';

/** The oldest date that can still be marked: `today` minus 14 days. The window is inclusive at
 * both ends, so with today 2026-11-15 the dates 2026-11-01 to 2026-11-15 are editable. */
const oldestEditableAttendanceDate = (today: string) => addDays(today, -ATTENDANCE_EDIT_WINDOW_DAYS);

/**
 * Why attendance for `date` cannot be marked when it is `today` in the church, or undefined when it
 * can. Both are YYYY-MM-DD, so string comparison is calendar order.
 */
export function attendanceDateProblem(date: string, today: string): string | undefined {
  if (date > today) return MESSAGES.attendanceFutureDate;
  if (date < oldestEditableAttendanceDate(today)) return MESSAGES.attendanceTooOld;
  return undefined;
}

/** The calendar month as a half-open range [first, next) of YYYY-MM-DD dates. */
export function monthRange(year: number, month: number): { first: string; next: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const first = `${String(year).padStart(4, '0')}-${pad(month)}-01`;
  const next = month === 12 ? `${String(year + 1).padStart(4, '0')}-01-01` : `${String(year).padStart(4, '0')}-${pad(month + 1)}-01`;
  return { first, next };
}
