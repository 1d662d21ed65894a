import { IconBuildingChurch } from '@tabler/icons-react';
import { Outlet } from 'react-router-dom';
import { MOBILE_BREAKPOINT_PX } from '../../../../common/constants';
import { AppFrame } from '../../components/AppFrame';
import { useLogout } from '../../lib/useLogout';
import { useSignedInSession } from '../auth';
import { SubscriptionBadge } from '../subscription';
import { visibleNavItems, type NavItem } from './nav-item';

/**
 * The church dashboard's frame: the church's name and subscription badge, the greeting and Logout,
 * and the role's entries in a sidebar that is a drawer below the mobile breakpoint, where the
 * greeting and the badge move into the drawer.
 */
export function DashboardLayout({ items }: { items: readonly NavItem[] }) {
  const { user, church } = useSignedInSession();
  const { logout, pending } = useLogout();
  const greeting = `Hello, ${user.name}`;
  return (
    <AppFrame
      navigation={{ id: 'dashboard-navigation', label: 'Dashboard navigation', entries: visibleNavItems(items, user.role) }}
      sidebarFromPx={MOBILE_BREAKPOINT_PX}
      sidebarWidth="250px"
      drawerWidth="100%"
      icon={IconBuildingChurch}
      title={church.name}
      titleTestId="church-name"
      wideTitleExtra={<SubscriptionBadge church={church} />}
      wideAccount={<span data-testid="greeting">{greeting}</span>}
      drawerHeader={<><span>{greeting}</span><SubscriptionBadge church={church} /></>}
      onLogout={logout}
      loggingOut={pending}
    >
      <Outlet />
    </AppFrame>
  );
}
