import { IconBuildingCommunity, IconHome, IconMail, IconSitemap, IconUsersGroup } from '@tabler/icons-react';
import { Outlet } from 'react-router-dom';
import { MOBILE_BREAKPOINT_PX } from '../../../../common/constants';
import { officerRolesWith, type OfficerCapability } from '../../../../common/associations';
import { AppFrame } from '../../components/AppFrame';
import { LanguagePicker } from '../../components/LanguagePicker';
import { useT, type MessageId } from '../../lib/i18n';
import { ASSOCIATION_PATH } from '../../lib/association-path';
import { useOfficerSession } from './useAssociationSession';
import { useOfficerLogout } from './useOfficerLogout';
import './messages';

/** The area's entries, each shown to the officers holding its capability (the dashboard to all). */
const ENTRIES: ReadonlyArray<{ id: string; label: MessageId; path: string; icon: typeof IconHome; capability?: OfficerCapability }> = [
  { id: 'dashboard', label: 'association.nav.dashboard', path: ASSOCIATION_PATH, icon: IconHome },
  { id: 'members', label: 'association.nav.members', path: `${ASSOCIATION_PATH}/members`, icon: IconUsersGroup, capability: 'viewMembers' },
  { id: 'sections', label: 'association.nav.sections', path: `${ASSOCIATION_PATH}/sections`, icon: IconSitemap, capability: 'viewMembers' },
  { id: 'circulars', label: 'association.nav.circulars', path: `${ASSOCIATION_PATH}/circulars`, icon: IconMail, capability: 'viewMembers' },
];

/**
 * The association officers' frame (the church's AppFrame): the association's name, the officer and
 * their role, the language picker (this browser's choice: an officer's language is not saved on the
 * server yet) and Logout, and the entries the officer's role may open.
 */
export function AssociationFrame() {
  const t = useT();
  const { officer, association } = useOfficerSession();
  const { logout, pending } = useOfficerLogout();
  const entries = ENTRIES
    .filter((entry) => !entry.capability || officerRolesWith(entry.capability).includes(officer.role))
    .map(({ capability: _capability, ...entry }) => ({ ...entry, label: t(entry.label) }));
  const signedInAs = t('association.signedInAs', { name: officer.name, role: t('association.role', { role: officer.role }) });
  return (
    <AppFrame
      navigation={{ id: 'association-navigation', label: t('association.nav.label'), entries }}
      sidebarFromPx={MOBILE_BREAKPOINT_PX}
      sidebarWidth="250px"
      drawerWidth="100%"
      icon={IconBuildingCommunity}
      title={association.name}
      titleTestId="association-name"
      wideAccount={<span data-testid="officer">{signedInAs}</span>}
      drawerHeader={<span>{signedInAs}</span>}
      languagePicker={(compact) => <LanguagePicker compact={compact} />}
      onLogout={logout}
      loggingOut={pending}
    >
      <Outlet />
    </AppFrame>
  );
}

