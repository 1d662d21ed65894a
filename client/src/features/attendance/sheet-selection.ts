import { attendanceDateProblem } from '../../../../common/attendance';
import { isCalendarDate } from '../../../../common/school';

/**
 * Which sheet Mark Attendance shows for its address (?class=…&date=…), used by the screen and by
 * the data fetched for it before it renders, so that both ask for the same class and date.
 */

/** The class in the address when it is one of the user's classes; else the only class, if there is one. */
export function sheetClassId(classes: readonly { id: string }[] | undefined, requested: string | null): string | null {
  return classes?.find((c) => c.id === requested)?.id ?? (classes?.length === 1 ? classes[0].id : null);
}

/** The date in the address when it is a real date inside the marking window; else the church's today. */
export function sheetDate(requested: string | null, today: string): string {
  return requested && isCalendarDate(requested) && !attendanceDateProblem(requested, today) ? requested : today;
}
