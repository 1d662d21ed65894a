import type { ChurchRole } from './constants.js';

/**
 * Who may do what to a church's users (02 section 6), read by the server's users module and by the
 * client's Teacher and User Management screens, so the two never disagree.
 *
 * - A super admin sees all users, edits, deletes, activates and deactivates them, and assigns the
 *   roles teacher, principal and guest. The super-admin role itself is given at registration only.
 * - A principal lists teachers and adds teachers (the role is forced to teacher); nothing else.
 * - Teachers and guests manage no users.
 * - Nobody deactivates or deletes themselves; super-admin rows are never deleted, demoted or deactivated.
 */
export const USER_PERMISSIONS = {
  listTeachers: ['super_admin', 'principal'],
  addTeachers: ['super_admin', 'principal'],
  manageAllUsers: ['super_admin'],
} as const satisfies Record<string, readonly ChurchRole[]>;

export type UserCapability = keyof typeof USER_PERMISSIONS;

export const userCan = (role: ChurchRole | undefined, capability: UserCapability) =>
  role !== undefined && (USER_PERMISSIONS[capability] as readonly ChurchRole[]).includes(role);

/** The roles a user of `actor`'s role may give to a user they add or edit (first is the default). */
export function assignableRoles(actor: ChurchRole): ChurchRole[] {
  if (actor === 'super_admin') return ['teacher', 'principal', 'guest'];
  if (actor === 'principal') return ['teacher'];
  return [];
}

/** Who adds and edits classes: the classes module's procedures and the console's indicator read it. */
export const CLASS_MANAGERS = ['super_admin', 'principal'] as const satisfies readonly ChurchRole[];
/** Who marks attendance and reads its reports (every role but guest). */
export const ATTENDANCE_STAFF = ['super_admin', 'principal', 'teacher'] as const satisfies readonly ChurchRole[];

/** The operator console's 'Permissions and Access' indicators of a user (02 section 2.16), read
 * from the same role lists the server enforces, so the User Details panel holds none of its own. */

export interface AccessIndicators {
  manageClasses: boolean;
  systemAdmin: boolean;
  viewReports: boolean;
  churchOwner: boolean;
}

export const accessIndicators = (user: { role: ChurchRole; is_church_owner: boolean }): AccessIndicators => ({
  manageClasses: (CLASS_MANAGERS as readonly ChurchRole[]).includes(user.role),
  systemAdmin: user.role === 'super_admin',
  viewReports: (ATTENDANCE_STAFF as readonly ChurchRole[]).includes(user.role),
  churchOwner: user.is_church_owner,
});
