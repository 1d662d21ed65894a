import { useState } from 'react';
import { Button, Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconLayoutSidebarLeftCollapse, IconLogout, IconMenu, IconShieldLock } from '@tabler/icons-react';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { ScreenBoundary } from '../../../components/ScreenBoundary';
import { lazyScreen } from '../../../lib/lazy-screen';
import { trpc } from '../../../lib/trpc';
import classes from './AdminConsole.module.css';
import { ConsoleNotifications } from './ConsoleNotifications';
import { ADMIN_LOGIN_PATH, CONSOLE_NAV } from './console-nav';
import { isOperatorKey, operatorSignedOut } from '../../../lib/operator-store';
import { OperatorUnreachable } from '../shared/OperatorUnreachable';
import { ADMIN_TEXTS } from '../shared/texts';
import { useOperatorSession, type Operator } from '../shared/useOperatorSession';

// Each console screen is its own chunk, fetched when first opened.
const OverviewPage = lazyScreen(() => import('../overview/OverviewPage').then((m) => m.OverviewPage));
const ChurchesPage = lazyScreen(() => import('../churches/ChurchesPage').then((m) => m.ChurchesPage));
const PendingPaymentsPage = lazyScreen(() => import('../payments/PendingPaymentsPage').then((m) => m.PendingPaymentsPage));
const PlansPage = lazyScreen(() => import('../plans/PlansPage').then((m) => m.PlansPage));
const UsersPage = lazyScreen(() => import('../users/UsersPage').then((m) => m.UsersPage));
const MediaLibraryPage = lazyScreen(() => import('../media/MediaLibraryPage').then((m) => m.MediaLibraryPage));
const AnalyticsPage = lazyScreen(() => import('../analytics/AnalyticsPage').then((m) => m.AnalyticsPage));
const AuditLogsPage = lazyScreen(() => import('../audit-logs/AuditLogsPage').then((m) => m.AuditLogsPage));

// The burger's icons differ from the church frame's on purpose: an icon both frames import would be
// split out of the church frame's chunk into a file of its own (one more request per church load).

function ScreenLoader() {
  return (
    <Center py="xl" role="status" aria-label="Loading the screen">
      <Loader />
    </Center>
  );
}

/** Logout: the server ends the session and clears its cookie; the page forgets it whatever the server said. */
function useOperatorLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const revoke = trpc.operatorAuth.logout.useMutation();
  const [pending, setPending] = useState(false);
  const logout = async () => {
    setPending(true);
    try {
      await revoke.mutateAsync();
    } catch {
      // An expired or already revoked session is signed out all the same.
    } finally {
      operatorSignedOut();
      // The console's answers only: a church session of this browser keeps its own.
      queryClient.removeQueries({ predicate: (query) => isOperatorKey(query.queryKey) });
      setPending(false);
      void navigate(ADMIN_LOGIN_PATH, { replace: true });
    }
  };
  return { logout, pending };
}

function ConsoleFrame({ admin }: { admin: Operator }) {
  const { pathname } = useLocation();
  const { logout, pending } = useOperatorLogout();
  const [drawerOpened, setDrawerOpened] = useState(false);
  const closeDrawer = () => setDrawerOpened(false);
  const current = pathname.replace(/\/+$/, '');

  return (
    <div className={classes.shell}>
      <ConsoleNotifications />
      <header className={classes.header}>
        <div className={classes.brand}>
          <button
            type="button"
            className={classes.burger}
            onClick={() => setDrawerOpened((opened) => !opened)}
            aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={drawerOpened}
            aria-controls="console-navigation"
          >
            {drawerOpened ? <IconLayoutSidebarLeftCollapse size={22} aria-hidden /> : <IconMenu size={22} aria-hidden />}
          </button>
          <IconShieldLock size={24} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
          <span className={classes.title}>{ADMIN_TEXTS.loginTitle}</span>
        </div>
        <div className={classes.account}>
          <span className={classes.operator} data-testid="operator-name">{admin.name}</span>
          <Button variant="light" size="sm" leftSection={<IconLogout size={16} />} onClick={() => void logout()} loading={pending}>
            Logout
          </Button>
        </div>
      </header>

      <nav id="console-navigation" aria-label="Console navigation" className={classes.navbar} data-opened={drawerOpened || undefined}>
        <div className={classes.navList}>
          {CONSOLE_NAV.filter((item) => item.ready).map((item) => (
            <Link
              key={item.id}
              to={item.path}
              className={classes.navLink}
              aria-current={current === item.path ? 'page' : undefined}
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
          <Routes>
            <Route index element={<OverviewPage />} />
            <Route path="churches" element={<ChurchesPage />} />
            <Route path="payments" element={<PendingPaymentsPage />} />
            <Route path="plans" element={<PlansPage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="media" element={<MediaLibraryPage />} />
            <Route path="analytics" element={<AnalyticsPage />} />
            <Route path="audit-logs" element={<AuditLogsPage />} />
            {/* A console path whose screen does not exist (02 section 2.2: any other admin path). */}
            <Route path="*" element={<Navigate to={ADMIN_LOGIN_PATH} replace />} />
          </Routes>
        </ScreenBoundary>
      </main>
    </div>
  );
}

/** /admin/dashboard/*: a verified operator only (02 section 2.2), otherwise /admin-login. */
export function AdminConsole() {
  const session = useOperatorSession();
  if (session.status === 'verifying') return <FullPageLoader label={ADMIN_TEXTS.verifying} />;
  if (session.status === 'unreachable') return <OperatorUnreachable retry={session.retry} retrying={session.retrying} />;
  if (session.status === 'signed_out') return <Navigate to={ADMIN_LOGIN_PATH} replace />;
  return <ConsoleFrame admin={session.admin} />;
}
