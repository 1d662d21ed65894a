import type { MessageId } from '../../common/i18n/areas.js';
import { MESSAGES } from '../../common/constants.js';
import { CLASS_MESSAGES } from '../../common/class-messages.js';
import { PASSWORD_MESSAGES } from '../../common/schemas/password.js';
import { STUDENT_MESSAGES } from '../../common/schemas/students.js';
import { SCREEN_LOAD_FAILED } from '../../client/src/components/texts.js';
import { CLASS_TEXT } from '../../client/src/features/classes/text.js';

/** The names of an object's texts (not of its functions, which make a text of values). */
type TextNames<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** Pairs whose catalogue id is `<area>.<name>` and whose constant is `<object>.<name>`. */
const sameNames = <T extends Record<string, unknown>>(area: string, object: T, objectName: string, names: Array<TextNames<T>>) =>
  names.map((name) => ({ id: `${area}.${name}` as MessageId, constant: object[name] as string, where: `${objectName}.${name}` }));

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
  { id: 'common.screenLoadFailed', constant: SCREEN_LOAD_FAILED, where: 'SCREEN_LOAD_FAILED (client/src/components/texts.ts)' },
  { id: 'common.sessionCheckFailed', constant: MESSAGES.sessionCheckFailed, where: 'MESSAGES.sessionCheckFailed' },
  ...sameNames('auth', MESSAGES, 'MESSAGES', [
    'useGoogleSignIn', 'loginFailed', 'invalidCredentials', 'accountInactive', 'limitsUnavailable', 'googleNotConfigured',
    'googleLoginFailed', 'googleFailedFallback', 'googleEmailUnverified', 'googleUnavailable', 'googleLinkRefused',
    'resetLinkSent', 'resetEmailFailed',
  ]),
  ...sameNames('auth', PASSWORD_MESSAGES, 'PASSWORD_MESSAGES', ['confirmRequired', 'invalidResetLink', 'resetSuccessful']),
  { id: 'auth.passwordRequired', constant: PASSWORD_MESSAGES.required, where: 'PASSWORD_MESSAGES.required' },
  { id: 'auth.passwordTooShort', constant: PASSWORD_MESSAGES.tooShort, where: 'PASSWORD_MESSAGES.tooShort' },
  { id: 'auth.passwordTooLong', constant: PASSWORD_MESSAGES.tooLong, where: 'PASSWORD_MESSAGES.tooLong' },
  { id: 'auth.passwordMismatch', constant: PASSWORD_MESSAGES.mismatch, where: 'PASSWORD_MESSAGES.mismatch' },
  { id: 'dashboard.usage.loadFailed', constant: MESSAGES.usageLoadFailed, where: 'MESSAGES.usageLoadFailed' },
  { id: 'dashboard.usage.limitsMissing', constant: MESSAGES.usageLimitsMissing, where: 'MESSAGES.usageLimitsMissing' },
  { id: 'dashboard.usage.nothingYet', constant: MESSAGES.usageNothingYet, where: 'MESSAGES.usageNothingYet' },
  ...sameNames('classes', CLASS_MESSAGES, 'CLASS_MESSAGES', [
    'empty', 'deleted', 'classNameRequired', 'classNameInvalid', 'academicYearRequired', 'academicYearInvalid', 'sectionTooLong',
    'sectionInvalid', 'teacherInvalid', 'teacherNotFound', 'notFound', 'idInvalid',
  ]),
  ...sameNames('students', STUDENT_MESSAGES, 'STUDENT_MESSAGES', [
    'empty', 'deleted', 'nameRequired', 'nameTooLong', 'nameInvalid', 'parentPhoneRequired', 'parentPhoneInvalid', 'parentEmailInvalid',
    'dateOfBirthRequired', 'dateOfBirthInvalid', 'dateOfBirthTooEarly', 'dateOfBirthFuture', 'classRequired', 'classInvalid',
    'searchTooLong', 'notFound', 'idInvalid',
  ]),
  ...sameNames('classes', CLASS_TEXT, 'CLASS_TEXT (client/src/features/classes/text.ts)', ['academicYearsLoadFailed', 'unreachable', 'added']),
  { id: 'students.classNotFound', constant: CLASS_MESSAGES.notFound, where: 'CLASS_MESSAGES.notFound' },
  { id: 'studentview.noClasses', constant: CLASS_MESSAGES.empty, where: 'CLASS_MESSAGES.empty' },
];
