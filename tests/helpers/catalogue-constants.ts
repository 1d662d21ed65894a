import type { MessageId } from '../../common/i18n/areas.js';
import { MESSAGES } from '../../common/constants.js';
import { CLASS_MESSAGES } from '../../common/class-messages.js';

/**
 * Catalogue messages whose English is also a constant of common/ (`MESSAGES`, `*_MESSAGES`): the
 * server sends the constant and tests compare it, while the client shows the catalogue's message, so
 * the two English texts must stay equal. Each pair: the catalogue id, the constant's English (the
 * constant itself, imported, never a copy of its text), and where the constant lives (for the
 * failure message). A screen converted to the catalogue adds its pairs here.
 */
export type CataloguePair = { id: MessageId; constant: string; where: string };

export const CATALOGUE_CONSTANTS: CataloguePair[] = [
  { id: 'attendance.marked', constant: MESSAGES.attendanceMarked, where: 'MESSAGES.attendanceMarked' },
  { id: 'attendance.tooOld', constant: MESSAGES.attendanceTooOld, where: 'MESSAGES.attendanceTooOld' },
  { id: 'attendance.futureDate', constant: MESSAGES.attendanceFutureDate, where: 'MESSAGES.attendanceFutureDate' },
  { id: 'attendance.studentNotInClass', constant: MESSAGES.attendanceStudentNotInClass, where: 'MESSAGES.attendanceStudentNotInClass' },
  { id: 'attendance.noStudents', constant: MESSAGES.attendanceNoStudents, where: 'MESSAGES.attendanceNoStudents' },
  { id: 'attendance.noClasses', constant: CLASS_MESSAGES.empty, where: 'CLASS_MESSAGES.empty' },
  { id: 'reports.noClasses', constant: CLASS_MESSAGES.empty, where: 'CLASS_MESSAGES.empty' },
];
