import { CONSOLE_ROLES, roleLabel } from '../shared/church-roles';

/** User Management's texts, in one place for the screen and its tests. */
export const USERS_TEXTS = {
  title: 'User Management',
  listFailed: 'The users could not be loaded.',
  noUsers: 'No users found',
  noUsersFiltered: 'Try adjusting your filters',
  noUsersYet: 'No users have been registered yet',
  allRoles: 'All Roles',
  view: 'View',
  delete: 'Delete',
  detailsTitle: 'User Details',
  detailsFailed: 'Failed to load user details: ',
  detailsFailedGeneric: 'Failed to load user details. Please check console for details.',
  close: 'Close',
  active: 'Active',
  inactive: 'Inactive',
  churchOwner: 'Church Owner',
  regularUser: 'Regular User',
  days: (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`,
  permissionsTitle: 'Permissions and Access',
  yes: 'Yes',
  no: 'No',
  deleteTitle: 'Delete user',
  deleteConfirm: 'Delete User',
  deleteQuestion: (name: string, email: string) =>
    `Delete ${name} (${email})? Their sessions end and their classes become unassigned. This cannot be undone.`,
  deleted: 'User deleted successfully',
  deleteFailed: 'Failed to delete user: ',
  deleteFailedGeneric: 'Error deleting user. Check console for details.',
} as const;

/** The role filter: All Roles, then each role. */
export const ROLE_FILTER = [
  { value: '', label: USERS_TEXTS.allRoles },
  ...CONSOLE_ROLES.map((value) => ({ value, label: roleLabel(value) })),
];

/** The four indicators of the Permissions and Access panel, in the order shown. */
export const PERMISSION_LABELS = [
  { key: 'manageClasses', label: 'Manage Classes' },
  { key: 'systemAdmin', label: 'System Admin' },
  { key: 'viewReports', label: 'View Reports' },
  { key: 'churchOwner', label: 'Church Owner' },
] as const;
