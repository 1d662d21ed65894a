import type { ChurchRole } from '../../../../../common/constants';

/** A church user's role as the console shows it, on User Management and in a church's access log. */
const ROLE_LABELS: Record<ChurchRole, string> = {
  super_admin: 'Super Admin', principal: 'Principal', teacher: 'Teacher', guest: 'Guest',
};
const ROLE_COLORS: Record<ChurchRole, string> = { super_admin: 'red', principal: 'violet', teacher: 'blue', guest: 'gray' };
export const CONSOLE_ROLES = Object.keys(ROLE_LABELS) as ChurchRole[];

/** An unknown role is shown as guest. */
export const consoleRole = (role: string): ChurchRole =>
  (CONSOLE_ROLES as readonly string[]).includes(role) ? role as ChurchRole : 'guest';
export const roleLabel = (role: string) => ROLE_LABELS[consoleRole(role)];
export const roleBadge = (role: string) => ({ label: roleLabel(role), color: ROLE_COLORS[consoleRole(role)] });
