import { AppShell, Burger, Button, Center, Group, Loader, NavLink, Stack, Text, em } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBuildingChurch, IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { ScreenBoundary } from '../../components/ScreenBoundary';
import { MOBILE_BREAKPOINT_PX } from '../../../../common/constants';
import { useSignedInSession } from '../auth/useSession';
import { useLogout } from '../auth/useLogout';
import { SubscriptionBadge } from '../subscription/SubscriptionBadge';
import { visibleNavItems, type NavItem } from './nav-item';
import { NotificationsHost } from './NotificationsHost';

const HEADER_HEIGHT = 60;
const NAVBAR_WIDTH = 250;
/** Mantine's 'sm' breakpoint is 48em = 768px, the spec's mobile breakpoint (01 section 9). */
const MOBILE_QUERY = `(max-width: ${em(MOBILE_BREAKPOINT_PX - 0.02)})`;

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
 */
export function DashboardLayout({ items }: { items: readonly NavItem[] }) {
  const { user, church } = useSignedInSession();
  const { logout, pending } = useLogout();
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const entries = visibleNavItems(items, user.role);
  const greeting = `Hello, ${user.name}`;

  return (
    <>
    <NotificationsHost />
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !drawerOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={drawerOpened}
              aria-controls="dashboard-navigation"
            />
            <IconBuildingChurch size={24} stroke={1.6} aria-hidden />
            <Text fw={700} truncate="end" miw={0} data-testid="church-name">{church.name}</Text>
            <SubscriptionBadge church={church} visibleFrom="sm" />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text visibleFrom="sm" data-testid="greeting">{greeting}</Text>
            <Button
              variant="light"
              size="sm"
              leftSection={<IconLogout size={16} />}
              onClick={() => void logout()}
              loading={pending}
            >
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id="dashboard-navigation"
        aria-label="Dashboard navigation"
        p="sm"
        inert={isMobile && !drawerOpened}
      >
        <Stack gap={6} hiddenFrom="sm" pb="sm" mb="sm" style={{ borderBottom: '1px solid var(--app-shell-border-color)' }}>
          <Text fw={500}>{greeting}</Text>
          <SubscriptionBadge church={church} />
        </Stack>
        {/* The browser's own scrolling: Mantine's ScrollArea measured the list on every resize. */}
        <AppShell.Section grow style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
          {entries.map((item) => (
            <NavLink
              key={item.id}
              component={Link}
              to={item.path}
              label={item.label}
              leftSection={<item.icon size={18} stroke={1.6} />}
              active={pathname === item.path}
              onClick={drawer.close}
            />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <ScreenBoundary fallback={<ScreenLoader />}>
          <Outlet />
        </ScreenBoundary>
      </AppShell.Main>
    </AppShell>
    </>
  );
}
