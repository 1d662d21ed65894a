import type { ChurchRole } from '../../../../common/constants';
import type { RouterOutputs } from '../../lib/trpc';

export type ManagedUser = RouterOutputs['users']['list'][number];

export const ROLE_LABELS: Record<ChurchRole, string> = {
  super_admin: 'Super Admin', principal: 'Principal', teacher: 'Teacher', guest: 'Guest',
};

const ROLE_COLORS: Record<ChurchRole, string> = {
  super_admin: 'grape', principal: 'blue', teacher: 'teal', guest: 'gray',
};

/** An unknown role is shown as a guest. */
export const roleLabel = (role: string) => ROLE_LABELS[role as ChurchRole] ?? ROLE_LABELS.guest;
export const roleColor = (role: string) => ROLE_COLORS[role as ChurchRole] ?? ROLE_COLORS.guest;
