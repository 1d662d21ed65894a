import { MESSAGES } from '../../../../common/constants';
import { CLASS_MESSAGES } from '../../../../common/class-messages';

/** The texts of the Mark Attendance screen. */
export const ATTENDANCE_TEXTS = {
  title: 'Mark Attendance',
  loadClassesFailed: 'Failed to load classes',
  loadStudentsFailed: 'Failed to load students',
  loadMarksFailed: 'Failed to load the saved attendance of this date',
  /** A save whose answer never came (offline, dropped connection), in place of the browser's "Failed to fetch". */
  markUnreachable: 'Not saved: no connection to the server. Your marks are kept; tap Retry.',
  retry: 'Retry',
  /** Shown while the screen holds marks that differ from the stored ones (they survive a reload of the tab). */
  unsaved: 'Unsaved changes — tap Save to keep them',
  marked: MESSAGES.attendanceMarked,
  tooOld: MESSAGES.attendanceTooOld,
  noClasses: CLASS_MESSAGES.empty,
  noStudents: MESSAGES.attendanceNoStudents,
  chooseClass: 'Choose a class to mark attendance.',
  chooseClassOption: 'Choose a class',
} as const;

/** How long the success message stays. */
export const SUCCESS_MESSAGE_MS = 3_000;
