import { useState } from 'react';
import { Button, Center, Loader } from '@mantine/core';
import { IconBuildingChurch, IconLogout, IconMenu2, IconX } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { ScreenBoundary } from '../../components/ScreenBoundary';
import { useSignedInSession } from '../auth/useSession';
import { useLogout } from '../auth/useLogout';
import { SubscriptionBadge } from '../subscription/SubscriptionBadge';
import classes from './DashboardLayout.module.css';
import { visibleNavItems, type NavItem } from './nav-item';
import { NotificationsHost } from './NotificationsHost';

/** The content area while a screen's chunk downloads; the frame around it stays usable. */
function ScreenLoader() {
  return (
    <Center py="xl" role="status" aria-label="Loading the screen">
      <Loader />
    </Center>
  );
}

/**
 * The common dashboard frame (02 sections 2.1, 2.3): header with the church, its subscription
 * badge, the greeting and Logout; a sidebar of the role's entries that is a drawer below 768px.
 * Plain elements styled by DashboardLayout.module.css: it renders on every signed-in load.
 */
export function DashboardLayout({ items }: { items: readonly NavItem[] }) {
  const { user, church } = useSignedInSession();
  const { logout, pending } = useLogout();
  const { pathname } = useLocation();
  const [drawerOpened, setDrawerOpened] = useState(false);
  const entries = visibleNavItems(items, user.role);
  const greeting = `Hello, ${user.name}`;
  const closeDrawer = () => setDrawerOpened(false);

  return (
    <div className={classes.shell}>
      <NotificationsHost />
      <header className={classes.header}>
        <div className={classes.brand}>
          <button
            type="button"
            className={classes.burger}
            onClick={() => setDrawerOpened((opened) => !opened)}
            aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={drawerOpened}
            aria-controls="dashboard-navigation"
          >
            {drawerOpened ? <IconX size={22} aria-hidden /> : <IconMenu2 size={22} aria-hidden />}
          </button>
          <IconBuildingChurch size={24} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
          <span className={classes.churchName} data-testid="church-name">{church.name}</span>
          <SubscriptionBadge church={church} className={classes.wide} />
        </div>
        <div className={classes.account}>
          <span className={classes.wide} data-testid="greeting">{greeting}</span>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconLogout size={16} />}
            onClick={() => void logout()}
            loading={pending}
          >
            Logout
          </Button>
        </div>
      </header>

      <nav
        id="dashboard-navigation"
        aria-label="Dashboard navigation"
        className={classes.navbar}
        data-opened={drawerOpened || undefined}
      >
        <div className={`${classes.navAccount} ${classes.narrow}`}>
          <span>{greeting}</span>
          <SubscriptionBadge church={church} />
        </div>
        <div className={classes.navList}>
          {entries.map((item) => (
            <Link
              key={item.id}
              to={item.path}
              className={classes.navLink}
              aria-current={pathname === item.path ? 'page' : undefined}
              onClick={closeDrawer}
            >
              <item.icon size={18} stroke={1.6} />
              <span>{item.label}</span>
            </Link>
          ))}
        </div>
      </nav>

      <main className={classes.main}>
        <ScreenBoundary fallback={<ScreenLoader />}>
          <Outlet />
        </ScreenBoundary>
      </main>
    </div>
  );
}
