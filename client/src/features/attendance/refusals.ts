import type { MessageId } from '../../lib/i18n';

/**
 * The server's refusals of marks, by the machine reason it gives with them: shown in the page's
 * language (the server's own message is the English of the same catalogue entry). A save is refused
 * whole; a sync refuses marks one by one (kept on the device until dismissed).
 */
export const MARK_REFUSALS: Readonly<Record<string, MessageId>> = {
  attendance_too_old: 'attendance.tooOld',
  attendance_future_date: 'attendance.futureDate',
  student_not_in_class: 'attendance.studentNotInClass',
  no_students: 'attendance.noStudents',
  class_not_found: 'attendance.classNotFound',
  substitute_other_day: 'attendance.substituteOtherDay',
};
