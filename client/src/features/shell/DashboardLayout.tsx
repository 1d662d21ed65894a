import { IconBuildingChurch } from '@tabler/icons-react';
import { Outlet } from 'react-router-dom';
import { MOBILE_BREAKPOINT_PX } from '../../../../common/constants';
import { AppFrame } from '../../components/AppFrame';
import { LanguagePicker } from '../../components/LanguagePicker';
import { useT } from '../../lib/i18n';
import { useLogout } from '../../lib/useLogout';
import { useSaveLanguage, useSignedInSession } from '../auth';
import { SubscriptionBadge } from '../subscription';
import { visibleNavItems, type NavItem } from './nav-item';
import './messages';

interface DashboardLayoutProps {
  items: readonly NavItem[];
}

/**
 * The church dashboard's frame: the church's name and subscription badge, the greeting, the language
 * picker and Logout, and the role's entries in a sidebar that is a drawer below the mobile
 * breakpoint, where the greeting and the badge move into the drawer. A language chosen here is the
 * user's own from then on (saved on the server).
 */
export function DashboardLayout({ items }: DashboardLayoutProps) {
  const t = useT();
  const saveLanguage = useSaveLanguage();
  const { user, church } = useSignedInSession();
  const { logout, pending } = useLogout();
  const greeting = t('dashboard.greeting', { name: user.name });
  const entries = visibleNavItems(items, user.role).map((item) => ({ ...item, label: t(item.label) }));
  return (
    <AppFrame
      navigation={{ id: 'dashboard-navigation', label: t('dashboard.navigation'), entries }}
      sidebarFromPx={MOBILE_BREAKPOINT_PX}
      sidebarWidth="250px"
      drawerWidth="100%"
      icon={IconBuildingChurch}
      title={church.name}
      titleTestId="church-name"
      wideTitleExtra={<SubscriptionBadge church={church} />}
      wideAccount={<span data-testid="greeting">{greeting}</span>}
      drawerHeader={<><span>{greeting}</span><SubscriptionBadge church={church} /></>}
      languagePicker={(compact) => <LanguagePicker onChange={saveLanguage} compact={compact} />}
      onLogout={logout}
      loggingOut={pending}
    >
      <Outlet />
    </AppFrame>
  );
}
