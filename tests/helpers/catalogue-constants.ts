import type { MessageId } from '../../common/i18n/areas.js';
import { MESSAGES } from '../../common/constants.js';
import { CLASS_MESSAGES } from '../../common/class-messages.js';
import { PASSWORD_MESSAGES } from '../../common/schemas/password.js';
import { REGISTRATION_MESSAGES } from '../../common/schemas/churches.js';
import { PAYMENT_MESSAGES } from '../../common/payment-messages.js';
import { SUBSCRIPTION_MESSAGES } from '../../common/subscription-messages.js';
import { STUDENT_MESSAGES } from '../../common/schemas/students.js';
import { GUARDIAN_MESSAGES } from '../../common/schemas/guardians.js';
import { GALLERY_MESSAGES, MEDIA_MESSAGES } from '../../common/media-limits.js';
import { UPGRADE_PATH_MESSAGES } from '../../common/upgrade-path.js';
import { USER_MESSAGES } from '../../common/schemas/users.js';
import { ACADEMIC_YEAR_CONFIG_MESSAGES, RECORD_MESSAGES } from '../../common/record-messages.js';
import { FOLLOW_UP_MESSAGES } from '../../common/follow-up.js';
import { PRIVACY_MESSAGES } from '../../common/schemas/privacy.js';
import { CONSENT_MESSAGES } from '../../common/consent.js';
import { IMPORT_MESSAGES } from '../../common/student-import.js';
import { ROLLOVER_MESSAGES } from '../../common/rollover.js';
import { EXAM_MESSAGES } from '../../common/exams.js';
import { REPORT_CARD_LINK_MESSAGES } from '../../common/report-card-links.js';
import { ASSOCIATION_INPUT_MESSAGES } from '../../common/schemas/association-members.js';
import { ASSOCIATION_MESSAGES } from '../../server/modules/associations/messages.js';

/** The names of an object's plain texts (a message made by a function has no single English). */
type TextNames<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** Pairs whose catalogue id is `<area>.<name>` and whose constant is `<object>.<name>`. */
const sameNames = <T extends object>(area: string, object: T, objectName: string, names: Array<TextNames<T>>) =>
  names.map((name) => ({ id: `${area}.${name}` as MessageId, constant: object[name] as string, where: `${objectName}.${name}` }));

/**
 * A message function of common/ given its catalogue placeholders (`{fileName}`) for arguments, so its
 * English is compared with the catalogue's: a number argument is given the placeholder's text too (the
 * function only writes it into the text).
 */
const asPlaceholder = (name: string) => `{${name}}` as unknown as number;

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
  { id: 'attendance.classNotFound', constant: CLASS_MESSAGES.notFound, where: 'CLASS_MESSAGES.notFound' },
  { id: 'reports.noClasses', constant: CLASS_MESSAGES.empty, where: 'CLASS_MESSAGES.empty' },
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
  ...sameNames('registration', REGISTRATION_MESSAGES, 'REGISTRATION_MESSAGES', [
    'nameRequired', 'pincodeRequired', 'pincodeFormat', 'adminNameRequired', 'planRequired', 'planMismatch',
  ]),
  { id: 'registration.registrationFailed', constant: REGISTRATION_MESSAGES.failed, where: 'REGISTRATION_MESSAGES.failed' },
  { id: 'registration.paymentStartFailed', constant: PAYMENT_MESSAGES.initFailed, where: 'PAYMENT_MESSAGES.initFailed' },
  { id: 'registration.orderFailed', constant: PAYMENT_MESSAGES.orderFailed, where: 'PAYMENT_MESSAGES.orderFailed' },
  { id: 'registration.paymentNotConfigured', constant: PAYMENT_MESSAGES.notConfigured, where: 'PAYMENT_MESSAGES.notConfigured' },
  { id: 'registration.paymentTokenSpent', constant: PAYMENT_MESSAGES.tokenSpent, where: 'PAYMENT_MESSAGES.tokenSpent' },
  ...sameNames('payments', PAYMENT_MESSAGES, 'PAYMENT_MESSAGES', [
    'choosePaidPlan', 'orderFailed', 'initFailed', 'verifyFailed', 'orderNotFound', 'verified', 'notConfigured', 'notTestMode',
    'tokenSpent', 'alreadyPaid', 'referenceUsed',
  ]),
  ...sameNames('payments', SUBSCRIPTION_MESSAGES, 'SUBSCRIPTION_MESSAGES', ['paymentHeld', 'upgraded']),
  ...sameNames('privacy.erase', PRIVACY_MESSAGES, 'PRIVACY_MESSAGES', ['confirmName', 'erased']),
  ...sameNames('privacy.retention', PRIVACY_MESSAGES, 'PRIVACY_MESSAGES', ['retentionInvalid', 'kept']),
  ...sameNames('privacy.accessLog', PRIVACY_MESSAGES, 'PRIVACY_MESSAGES', ['erasedChild']),
  ...sameNames('followup', FOLLOW_UP_MESSAGES, 'FOLLOW_UP_MESSAGES', ['absencesInvalid', 'noteTooLong', 'studentInactive', 'contactRecorded']),
  ...sameNames('consent', CONSENT_MESSAGES, 'CONSENT_MESSAGES', [
    'linkNotFound', 'linkExpired', 'linkUsed', 'confirmationsRequired', 'answerRequired', 'answerInvalid', 'guardianNotOfChild',
    'guardianRequired', 'methodInvalid', 'linkRevoked', 'linkReplaced', 'linkGuardianRemoved', 'linkIdInvalid', 'linkNotOpen',
  ]),
  ...sameNames('users', USER_MESSAGES, 'USER_MESSAGES', [
    'nameRequired', 'nameTooLong', 'phoneTooLong', 'roleInvalid', 'notFound', 'emailTaken', 'onlySuperAdminEdits',
    'onlySuperAdminDeletes', 'roleNotAllowed', 'superAdminRoleNotAssignable', 'superAdminFixed', 'cannotDeleteSuperAdmin',
    'cannotDeactivateSelf', 'cannotDeleteSelf', 'cannotChangeOwnRole', 'noPasswordForGoogle', 'googleSignInNote',
    'teacherCreated', 'teacherUpdated', 'teacherDeleted', 'userCreated', 'userUpdated', 'userDeleted', 'userActivated',
    'userDeactivated', 'createTeacherFailed', 'deleteTeacherFailed', 'loadUsersFailed', 'updateStatusFailed', 'saveUserFailed',
    'deleteUserFailed', 'confirmDeleteTeacher', 'confirmDeleteUser',
  ]),
  { id: 'users.notAllowed', constant: MESSAGES.notAllowed, where: 'MESSAGES.notAllowed' },
  { id: 'users.passwordRequired', constant: PASSWORD_MESSAGES.required, where: 'PASSWORD_MESSAGES.required' },
  { id: 'users.passwordTooShort', constant: PASSWORD_MESSAGES.tooShort, where: 'PASSWORD_MESSAGES.tooShort' },
  { id: 'users.passwordTooLong', constant: PASSWORD_MESSAGES.tooLong, where: 'PASSWORD_MESSAGES.tooLong' },
  ...sameNames('records', RECORD_MESSAGES, 'RECORD_MESSAGES', [
    'academicYearRequired', 'monthRequired', 'monthInvalid', 'dateRequired', 'dateInvalid', 'notesRequired', 'notesTooLong',
    'idInvalid', 'notFound', 'saved', 'updated', 'deleted', 'loadFailed', 'saveFailed', 'deleteFailed', 'confirmDelete', 'empty',
  ]),
  { id: 'records.academicYearInvalid', constant: CLASS_MESSAGES.academicYearInvalid, where: 'CLASS_MESSAGES.academicYearInvalid' },
  ...sameNames('configuration', ACADEMIC_YEAR_CONFIG_MESSAGES, 'ACADEMIC_YEAR_CONFIG_MESSAGES', [
    'startMonthInvalid', 'yearsAheadInvalid', 'yearsBackInvalid', 'updated', 'updateFailed',
  ]),
  ...sameNames('configuration.rollover', ROLLOVER_MESSAGES, 'ROLLOVER_MESSAGES', [
    'yearInvalid', 'childInvalid', 'outcomeInvalid', 'notFound', 'alreadyUndone', 'undone',
    'teachersInvalid', 'openLowestInvalid', 'monthInvalid', 'monthUpdated',
  ]),
  ...([
    ['notOffered', ROLLOVER_MESSAGES.notOffered('{fromYear}', '{toYear}', '{turningFromYear}', '{turningToYear}')],
    ['noClasses', ROLLOVER_MESSAGES.noClasses('{fromYear}')],
    ['alreadyRolledOver', ROLLOVER_MESSAGES.alreadyRolledOver('{fromYear}')],
    ['classNotInYear', ROLLOVER_MESSAGES.classNotInYear('{fromYear}')],
    ['childNotInYear', ROLLOVER_MESSAGES.childNotInYear('{fromYear}')],
    ['teacherConflict', ROLLOVER_MESSAGES.teacherConflict('{className}')],
    ['undoAfterMarks', ROLLOVER_MESSAGES.undoAfterMarks('{toYear}')],
  ] as const).map(([name, constant]) => ({ id: `configuration.rollover.${name}` as MessageId, constant, where: `ROLLOVER_MESSAGES.${name}` })),
  ...sameNames('gallery', GALLERY_MESSAGES, 'GALLERY_MESSAGES', [
    'titleRequired', 'titleTooLong', 'descriptionTooLong', 'departmentInvalid', 'notFound', 'tooManyFiles', 'malformedUpload',
    'storageUnavailable', 'deleted', 'deleteFailed', 'confirmDelete', 'empty',
    'studentIdInvalid', 'tooManyChildren', 'childrenNotInChurch', 'childrenTagged', 'consentMissing',
  ]),
  ...sameNames('gallery', MEDIA_MESSAGES, 'MEDIA_MESSAGES', ['selectFiles', 'busy', 'uploadFailed', 'processFailed', 'uploaded']),
  { id: 'gallery.tooLarge', constant: MEDIA_MESSAGES.tooLarge('{fileName}', asPlaceholder('maxMb')), where: 'MEDIA_MESSAGES.tooLarge' },
  {
    id: 'gallery.tooLargeAfterCompression',
    constant: MEDIA_MESSAGES.tooLargeAfterCompression('{fileName}', asPlaceholder('maxMb')),
    where: 'MEDIA_MESSAGES.tooLargeAfterCompression',
  },
  { id: 'gallery.wrongType', constant: MEDIA_MESSAGES.wrongType('{fileName}'), where: 'MEDIA_MESSAGES.wrongType' },
  { id: 'gallery.emptyFile', constant: MEDIA_MESSAGES.emptyFile('{fileName}'), where: 'MEDIA_MESSAGES.emptyFile' },
  ...sameNames('subscription', MESSAGES, 'MESSAGES', ['plansEmpty', 'subscriptionLoadFailed', 'logoutConfirm']),
  ...sameNames('subscription', SUBSCRIPTION_MESSAGES, 'SUBSCRIPTION_MESSAGES', [
    'downgraded', 'upgradeFailed', 'paymentStartFailed', 'switchToFreeFailed', 'selectionFailed', 'downgradeFailed', 'alreadyFree',
    'notOnFree', 'lifetime',
  ]),
  {
    id: 'subscription.trialExtended', constant: SUBSCRIPTION_MESSAGES.trialExtended(asPlaceholder('days')),
    where: 'SUBSCRIPTION_MESSAGES.trialExtended',
  },
  { id: 'subscription.lifetimePays', constant: UPGRADE_PATH_MESSAGES.lifetime, where: 'UPGRADE_PATH_MESSAGES.lifetime' },
  {
    id: 'subscription.premiumCannotUpgrade', constant: UPGRADE_PATH_MESSAGES.premiumCannotUpgrade,
    where: 'UPGRADE_PATH_MESSAGES.premiumCannotUpgrade',
  },
  ...sameNames('classes', CLASS_MESSAGES, 'CLASS_MESSAGES', [
    'empty', 'deleted', 'classNameRequired', 'classNameInvalid', 'academicYearRequired', 'academicYearInvalid', 'sectionTooLong',
    'sectionInvalid', 'teacherInvalid', 'teacherNotFound', 'notFound', 'idInvalid',
  ]),
  ...sameNames('students', STUDENT_MESSAGES, 'STUDENT_MESSAGES', [
    'empty', 'deleted', 'nameRequired', 'nameTooLong', 'nameInvalid', 'parentPhoneRequired', 'parentPhoneInvalid', 'parentEmailInvalid',
    'dateOfBirthRequired', 'dateOfBirthInvalid', 'dateOfBirthTooEarly', 'dateOfBirthFuture', 'classRequired', 'classInvalid',
    'searchTooLong', 'notFound', 'idInvalid',
  ]),
  // The import's texts: `students.import<Name>` for IMPORT_MESSAGES.<name>.
  { id: 'students.importNoFile', constant: IMPORT_MESSAGES.noFile, where: 'IMPORT_MESSAGES.noFile' },
  { id: 'students.importTooLarge', constant: IMPORT_MESSAGES.tooLarge, where: 'IMPORT_MESSAGES.tooLarge' },
  { id: 'students.importTooManyRows', constant: IMPORT_MESSAGES.tooManyRows, where: 'IMPORT_MESSAGES.tooManyRows' },
  { id: 'students.importMalformed', constant: IMPORT_MESSAGES.malformed, where: 'IMPORT_MESSAGES.malformed' },
  { id: 'students.importNotWorkbook', constant: IMPORT_MESSAGES.notWorkbook, where: 'IMPORT_MESSAGES.notWorkbook' },
  { id: 'students.importOldExcel', constant: IMPORT_MESSAGES.oldExcel, where: 'IMPORT_MESSAGES.oldExcel' },
  { id: 'students.importMacros', constant: IMPORT_MESSAGES.macros, where: 'IMPORT_MESSAGES.macros' },
  { id: 'students.importEncoding', constant: IMPORT_MESSAGES.encoding, where: 'IMPORT_MESSAGES.encoding' },
  { id: 'students.importUnpackedTooLarge', constant: IMPORT_MESSAGES.unpackedTooLarge, where: 'IMPORT_MESSAGES.unpackedTooLarge' },
  { id: 'students.importEmpty', constant: IMPORT_MESSAGES.empty, where: 'IMPORT_MESSAGES.empty' },
  { id: 'students.importMappingInvalid', constant: IMPORT_MESSAGES.mappingInvalid, where: 'IMPORT_MESSAGES.mappingInvalid' },
  { id: 'students.importDuplicateInClass', constant: IMPORT_MESSAGES.duplicateInClass, where: 'IMPORT_MESSAGES.duplicateInClass' },
  { id: 'students.importRollNumberInvalid', constant: IMPORT_MESSAGES.rollNumberInvalid, where: 'IMPORT_MESSAGES.rollNumberInvalid' },
  { id: 'students.importNoRows', constant: IMPORT_MESSAGES.noRows, where: 'IMPORT_MESSAGES.noRows' },
  { id: 'students.importMappingMissing', constant: IMPORT_MESSAGES.mappingMissing('{fields}'), where: 'IMPORT_MESSAGES.mappingMissing' },
  { id: 'students.importDuplicateInFile', constant: IMPORT_MESSAGES.duplicateInFile(asPlaceholder('line')), where: 'IMPORT_MESSAGES.duplicateInFile' },
  { id: 'students.importRollNumberTaken', constant: IMPORT_MESSAGES.rollNumberTaken(asPlaceholder('roll')), where: 'IMPORT_MESSAGES.rollNumberTaken' },
  { id: 'students.importRollNumberTwice', constant: IMPORT_MESSAGES.rollNumberTwice(asPlaceholder('line')), where: 'IMPORT_MESSAGES.rollNumberTwice' },
  { id: 'students.classNotFound', constant: CLASS_MESSAGES.notFound, where: 'CLASS_MESSAGES.notFound' },
  { id: 'studentview.noClasses', constant: CLASS_MESSAGES.empty, where: 'CLASS_MESSAGES.empty' },
  ...sameNames('safety', GUARDIAN_MESSAGES, 'GUARDIAN_MESSAGES', [
    'nameRequired', 'nameTooLong', 'relationInvalid', 'phoneRequired', 'phoneInvalid', 'whatsappInvalid', 'whatsappWithoutPhone2',
    'guardiansRequired', 'tooManyGuardians', 'tooManyPickups', 'medicalNoteTooLong', 'guardianIdUnknown', 'guardianListedTwice',
  ]),
  { id: 'safety.emailInvalid', constant: STUDENT_MESSAGES.parentEmailInvalid, where: 'STUDENT_MESSAGES.parentEmailInvalid' },
  { id: 'safety.roll.markedLeft', constant: STUDENT_MESSAGES.markedLeft, where: 'STUDENT_MESSAGES.markedLeft' },
  { id: 'safety.roll.backOnRollDone', constant: STUDENT_MESSAGES.backOnRoll, where: 'STUDENT_MESSAGES.backOnRoll' },
  ...sameNames('exammarks', EXAM_MESSAGES, 'EXAM_MESSAGES', ['examPublished', 'amendmentByManagers', 'studentNotInClass', 'paperNotOfClass', 'saved']),
  { id: 'exammarks.invalid', constant: EXAM_MESSAGES.marksInvalid, where: 'EXAM_MESSAGES.marksInvalid' },
  { id: 'exammarks.wholeOnly', constant: EXAM_MESSAGES.halfMarksNotAllowed, where: 'EXAM_MESSAGES.halfMarksNotAllowed' },
  { id: 'exammarks.aboveMax', constant: EXAM_MESSAGES.aboveMax(asPlaceholder('max')), where: 'EXAM_MESSAGES.aboveMax' },
  ...sameNames('exams', REPORT_CARD_LINK_MESSAGES, 'REPORT_CARD_LINK_MESSAGES', ['guardianNotFound', 'noContactConsent', 'noPublishedResults']),
  ...sameNames('exams', EXAM_MESSAGES, 'EXAM_MESSAGES', [
    'examNotFound', 'paperNotFound', 'examNameTaken', 'paperNameTaken', 'classNotOfYear', 'notPublished', 'alreadyPublished',
    'publishedSetupLocked', 'examHasMarks', 'paperHasMarks', 'maxBelowMarks', 'halfMarksInUse', 'yearHasExams', 'nothingToCopy', 'schemeOrder',
    'gradeBandsOrder', 'datesOrder', 'published', 'unpublished',
  ]),
  // What the association's services answer its officers (the church side's refusals are the church screens').
  ...sameNames('association.server', ASSOCIATION_MESSAGES, 'ASSOCIATION_MESSAGES', [
    'churchNotFound', 'alreadyInvited', 'sectionNotFound', 'sectionNameTaken', 'membershipNotFound', 'circularNotFound', 'circularPdfNotFound',
  ]),
  ...sameNames('association.input', ASSOCIATION_INPUT_MESSAGES, 'ASSOCIATION_INPUT_MESSAGES', [
    'churchCodeRequired', 'churchCodeInvalid', 'sectionNameRequired', 'sectionNameTooLong', 'titleRequired', 'titleTooLong', 'bodyRequired', 'bodyTooLong',
    'pdfNotPdf', 'pdfTooLarge', 'pdfEmpty', 'onePdf',
  ]),
  // The church's side of its association: the server's refusals (kept in the server module), shown
  // in the page's language.
  ...sameNames('membership', ASSOCIATION_MESSAGES, 'ASSOCIATION_MESSAGES', ['memberElsewhere', 'membershipNotFound', 'notAMember', 'circularNotFound', 'circularPdfNotFound']),
];
