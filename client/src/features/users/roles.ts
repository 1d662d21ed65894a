import type { ChurchRole } from '../../../../common/constants';
import type { MessageId } from '../../lib/i18n';
import type { RouterOutputs } from '../../lib/trpc';

export type ManagedUser = RouterOutputs['users']['list'][number];

/** Each role's name, by its catalogue id. */
export const ROLE_LABELS: Record<ChurchRole, MessageId> = {
  super_admin: 'users.roleSuperAdmin', principal: 'users.rolePrincipal', teacher: 'users.roleTeacher', guest: 'users.roleGuest',
};

const ROLE_COLORS: Record<ChurchRole, string> = {
  super_admin: 'grape', principal: 'blue', teacher: 'teal', guest: 'gray',
};

/** The catalogue id of a role's name; an unknown role is shown as a guest. */
export const roleLabel = (role: string) => ROLE_LABELS[role as ChurchRole] ?? ROLE_LABELS.guest;
export const roleColor = (role: string) => ROLE_COLORS[role as ChurchRole] ?? ROLE_COLORS.guest;
