import { MESSAGES } from '../../../common/constants.js';
import { attendanceDateProblem } from '../../../common/attendance.js';

export type AttendanceDateReason = 'attendance_too_old' | 'attendance_future_date';

/** Why a date cannot be marked when it is `today` in the church (the rule of common/attendance.ts),
 * as the machine reason beside the spec's text; undefined when it can. */
export function attendanceDateRefusal(date: string, today: string): { reason: AttendanceDateReason; message: string } | undefined {
  const message = attendanceDateProblem(date, today);
  if (message === undefined) return undefined;
  return { reason: message === MESSAGES.attendanceTooOld ? 'attendance_too_old' : 'attendance_future_date', message };
}
