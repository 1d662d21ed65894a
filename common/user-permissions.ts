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
