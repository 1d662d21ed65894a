import type { ChurchRole } from '../../../../common/constants';

/** The dashboard each role gets at /. */
export const ROLE_DASHBOARDS: Record<ChurchRole, { title: string; roleLabel: string }> = {
  super_admin: { title: 'Super Admin Dashboard', roleLabel: 'Super Admin' },
  principal: { title: 'Principal Dashboard', roleLabel: 'Principal' },
  teacher: { title: 'Teacher Dashboard', roleLabel: 'Teacher' },
  guest: { title: 'Guest Dashboard', roleLabel: 'Guest' },
};
