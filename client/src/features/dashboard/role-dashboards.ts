import type { ChurchRole } from '../../../../common/constants';
import type { MessageId } from '../../lib/i18n';

/** The dashboard each role gets at /: its title and the role's name, in the catalogue. */
export const ROLE_DASHBOARDS: Record<ChurchRole, { title: MessageId; roleLabel: MessageId }> = {
  super_admin: { title: 'dashboard.title.superAdmin', roleLabel: 'dashboard.role.superAdmin' },
  principal: { title: 'dashboard.title.principal', roleLabel: 'dashboard.role.principal' },
  teacher: { title: 'dashboard.title.teacher', roleLabel: 'dashboard.role.teacher' },
  guest: { title: 'dashboard.title.guest', roleLabel: 'dashboard.role.guest' },
};
