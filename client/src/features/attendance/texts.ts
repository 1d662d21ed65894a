import { MESSAGES } from '../../../../common/constants';
import { CLASS_MESSAGES } from '../../../../common/class-messages';

/** The texts of the Mark Attendance screen (01 sections 2, 5 and 8). */
export const ATTENDANCE_TEXTS = {
  title: 'Mark Attendance',
  loadClassesFailed: 'Failed to load classes',
  loadStudentsFailed: 'Failed to load students',
  loadMarksFailed: 'Failed to load the saved attendance of this date',
  markFailed: 'Failed to mark attendance',
  marked: MESSAGES.attendanceMarked,
  tooOld: MESSAGES.attendanceTooOld,
  noClasses: CLASS_MESSAGES.empty,
  noStudents: MESSAGES.attendanceNoStudents,
  chooseClass: 'Choose a class to mark attendance.',
} as const;

/** How long the success message stays (01 section 9). */
export const SUCCESS_MESSAGE_MS = 3_000;
