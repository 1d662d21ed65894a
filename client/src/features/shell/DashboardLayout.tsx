import { useState } from 'react';
import { Button, Center, Loader, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingChurch, IconLogout, IconMenu2, IconX } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { MOBILE_BREAKPOINT_PX } from '../../../../common/constants';
import { ScreenBoundary } from '../../components/ScreenBoundary';
import { useLogout } from '../../lib/useLogout';
import { useSignedInSession } from '../auth';
import { SubscriptionBadge } from '../subscription';
import classes from './DashboardLayout.module.css';
import { visibleNavItems, type NavItem } from './nav-item';
import { NotificationsHost } from './NotificationsHost';

/** From this width the sidebar is always shown (the 48em of DashboardLayout.module.css); below it, it is a drawer. */
const SIDEBAR_QUERY = `(min-width: ${em(MOBILE_BREAKPOINT_PX)})`;

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
  // On a phone the drawer's contents join the page when it is first opened, and the header keeps only
  // what fits: a phone's first load then builds and lays out only what it shows (on a budget phone
  // every element of the first screen costs). The stylesheet hides the same parts by width.
  const sidebarShown = useMediaQuery(SIDEBAR_QUERY, undefined, { getInitialValueInEffect: false });
  const [drawerUsed, setDrawerUsed] = useState(false);
  const drawerFilled = !sidebarShown && drawerUsed;

  return (
    <div className={classes.shell}>
      <NotificationsHost />
      <header className={classes.header}>
        <div className={classes.brand}>
          <button
            type="button"
            className={classes.burger}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpened((opened) => !opened);
            }}
            aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={drawerOpened}
            aria-controls="dashboard-navigation"
          >
            {drawerOpened ? <IconX size={22} aria-hidden /> : <IconMenu2 size={22} aria-hidden />}
          </button>
          <IconBuildingChurch size={24} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
          <span className={classes.churchName} data-testid="church-name">{church.name}</span>
          {sidebarShown ? <SubscriptionBadge church={church} className={classes.wide} /> : null}
        </div>
        <div className={classes.account}>
          {sidebarShown ? <span className={classes.wide} data-testid="greeting">{greeting}</span> : null}
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
        {drawerFilled ? (
          <div className={`${classes.navAccount} ${classes.narrow}`}>
            <span>{greeting}</span>
            <SubscriptionBadge church={church} />
          </div>
        ) : null}
        <div className={classes.navList}>
          {(sidebarShown || drawerUsed ? entries : []).map((item) => (
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
