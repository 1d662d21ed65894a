import type { ChurchRole } from './constants.js';

/**
 * The one permission table: which church roles hold each named capability. The server's procedures
 * ask for a capability (`capabilityProcedure('markAttendance')`), the client asks the same table
 * (`useCan('markAttendance')`), and the console's access indicators read it, so no role list is
 * spelled anywhere else.
 *
 * The roles, in short: a super admin runs the whole church; a principal runs the Sunday School
 * (classes, students, teachers, gallery, records, the academic year) but not the users, the plan or
 * class deletion; a teacher works with their own classes (their students, the roll call, reports);
 * a guest only looks at the gallery. Finer rules inside a capability (a teacher sees only their own
 * classes' students, nobody deactivates themselves) stay in the services that enforce them.
 */
const SUPER_ADMIN = ['super_admin'] as const;
const MANAGERS = ['super_admin', 'principal'] as const;
const STAFF = ['super_admin', 'principal', 'teacher'] as const;

export const CAPABILITIES = {
  /** List classes and the classes a user teaches (a teacher: their own). */
  viewClasses: STAFF,
  /** Add and edit classes. */
  manageClasses: MANAGERS,
  /** Delete a class, with its students' enrolment in it. */
  deleteClasses: SUPER_ADMIN,
  /** List, add and edit students (a teacher: in their own classes). */
  manageStudents: STAFF,
  /** Delete a student, which also deletes their attendance history: not for teachers. */
  deleteStudents: MANAGERS,
  /** Read a student's safety card, guardians, pickups, medical note and history across academic
   * years (a teacher: of their own classes' students; every read of a medical note is logged).
   * Editing them is manageStudents. */
  viewSafetyCards: STAFF,
  /** Read who read a student's medical note and when: the people answerable for the children, not
   * the readers themselves. */
  viewMedicalNoteLog: MANAGERS,
  /** Take the roll call. */
  markAttendance: STAFF,
  /** Report "I can't come" for a class day: for one's own classes only (the service's rule). */
  reportAbsence: STAFF,
  /** List the coming absences, choose, change or remove each one's substitute. */
  arrangeSubstitutes: MANAGERS,
  /** Read the month's rota (who teaches which class each class day); teachers read it too. */
  viewRota: STAFF,
  /** Read attendance reports (monthly, calendar, student view). */
  viewReports: STAFF,
  /** Print the church's yearly attendance summary (every class, month by month): those who run the
   * whole Sunday School, as a teacher's reports stop at their own classes. */
  viewChurchSummary: MANAGERS,
  /** Open the teachers list and add teachers; a principal's additions are always teachers. */
  manageTeachers: MANAGERS,
  /** See every user, edit, activate, deactivate and delete them, and give any role but super admin. */
  manageAllUsers: SUPER_ADMIN,
  /** Look at the gallery. */
  viewMedia: ['super_admin', 'principal', 'guest'],
  /** Upload, download originals and delete gallery media. */
  manageMedia: MANAGERS,
  /** Add, edit and delete session records. */
  manageRecords: MANAGERS,
  /** Change the academic-year setting. */
  configureAcademicYear: MANAGERS,
  /** Turn the academic year over (the new year's classes, each child moved up, held back or leaving)
   * and undo it until the new year's first mark. */
  rollOverYear: MANAGERS,
  /** See the follow-up list of children absent several roll calls in a row, its figures, and record a
   * contact with a child's family (a teacher: their own classes). */
  followUp: STAFF,
  /** Set after how many absences in a row a child is followed up: part of running the Sunday School. */
  configureFollowUp: MANAGERS,
  /** Set the church's class list (its classes' names in school order): part of running the Sunday School. */
  configureClassNames: MANAGERS,
  /** Record a guardian's consent answers collected on paper or in person, and make a consent link for
   * a guardian to answer on their own phone (a teacher: for their own classes' children). */
  recordConsent: STAFF,
  /** See how many children of the year have no enrolment consent, in all and per class. */
  viewConsentSummary: MANAGERS,
  /** Set the church's default language (its users who chose none, and their mails). */
  configureLanguage: SUPER_ADMIN,
  /** Choose, pay for and upgrade the church's plan. */
  managePlan: SUPER_ADMIN,
  /** Read the church's privacy notice as parents read it, to explain it to them. */
  viewPrivacyNotice: STAFF,
  /** Write the church's privacy notice (the five parts parents read before they consent): the church
   * speaks for itself through its owner. */
  editPrivacyNotice: SUPER_ADMIN,
  /** Export all of a child's data for their family (a ZIP, downloaded once through a one-time link):
   * the people answerable for the children. */
  exportFamilyData: MANAGERS,
  /** Receive the weekly digest mail (attendance, birthdays), and turn it off or on for oneself. */
  receiveDigest: MANAGERS,
  /** Erase a child's data for good (no undo): those answerable for the children, never a teacher. */
  eraseStudents: MANAGERS,
  /** Set how many years an unseen child's data is kept, see the children offered for erasure under
   * it and keep one for another year. */
  manageRetention: MANAGERS,
  /** See the exams of the year, and the papers, mark lists and result sheets of one's classes (a
   * teacher: their own classes; the service's rule). */
  viewExams: STAFF,
  /** Enter a class's marks and remarks before its exam's results are published (a teacher: their own
   * classes). */
  enterMarks: STAFF,
  /** Set up the exams, their papers and the result scheme, publish and unpublish results, correct a
   * published mark (recorded) and read the church-wide results: those who run the Sunday School. */
  manageExams: MANAGERS,
  /** Read the church's access log of children's sensitive data (who read a medical note, an export,
   * consent records): the church's owner, above those who read. */
  viewAccessLog: SUPER_ADMIN,
  /** Answer an association's invitation (accept or decline) and leave the association: the church's
   * decision, its super admin's. */
  answerAssociation: SUPER_ADMIN,
  /** Read the association's invitations and membership, and its circulars (with a read mark). */
  readCirculars: MANAGERS,
} as const satisfies Record<string, readonly ChurchRole[]>;

export type Capability = keyof typeof CAPABILITIES;

/** The roles that hold `capability`. */
export const rolesWith = (capability: Capability): readonly ChurchRole[] => CAPABILITIES[capability];

/** Whether a user of `role` holds `capability` (no role, no capability). */
export const can = (role: ChurchRole | undefined, capability: Capability): boolean =>
  role !== undefined && rolesWith(capability).includes(role);

/** The roles a user of `actor`'s role may give to a user they add or edit (the first is the default).
 * The super-admin role itself is given at registration only. */
export function assignableRoles(actor: ChurchRole): ChurchRole[] {
  if (can(actor, 'manageAllUsers')) return ['teacher', 'principal', 'guest'];
  if (can(actor, 'manageTeachers')) return ['teacher'];
  return [];
}

/** The operator console's 'Permissions and Access' indicators of a user, read from the same table
 * the server enforces, so the User Details panel holds no role list of its own. */
export interface AccessIndicators {
  manageClasses: boolean;
  systemAdmin: boolean;
  viewReports: boolean;
  churchOwner: boolean;
}

export const accessIndicators = (user: { role: ChurchRole; is_church_owner: boolean }): AccessIndicators => ({
  manageClasses: can(user.role, 'manageClasses'),
  systemAdmin: can(user.role, 'manageAllUsers'),
  viewReports: can(user.role, 'viewReports'),
  churchOwner: user.is_church_owner,
});

/** Calls the server takes only one per request (sign-in, password reset, registration): a batch
 * would let one request make many attempts and hide them from per-request limits. The server's
 * `unbatchedProcedure` refuses them in a batch and the client sends them alone; a unit test holds
 * this list equal to the router's unbatched procedures. */
export const UNBATCHED_PROCEDURES = [
  'auth.login', 'auth.forgotPassword', 'auth.resetPassword', 'auth.googleStart', 'auth.googleLogin',
  'churches.register', 'operatorAuth.login', 'operatorAuth.secondFactor', 'consent.answer'
] as const;
