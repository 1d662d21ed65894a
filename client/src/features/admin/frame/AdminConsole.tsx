import { IconShieldLock } from '@tabler/icons-react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppFrame } from '../../../components/AppFrame';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { lazyScreen } from '../../../lib/lazy-screen';
import { OperatorUnreachable } from '../shared/OperatorUnreachable';
import { ADMIN_TEXTS } from '../shared/texts';
import { useOperatorSession, type Operator } from '../shared/useOperatorSession';
import classes from './AdminConsole.module.css';
import { ADMIN_LOGIN_PATH, CONSOLE_NAV } from './console-nav';
import { useOperatorLogout } from './useOperatorLogout';

// Each console screen is its own chunk, fetched when first opened.
const OverviewPage = lazyScreen(() => import('../overview/OverviewPage').then((m) => m.OverviewPage));
const ChurchesPage = lazyScreen(() => import('../churches/ChurchesPage').then((m) => m.ChurchesPage));
const AssociationsPage = lazyScreen(() => import('../associations/AssociationsPage').then((m) => m.AssociationsPage));
const PendingPaymentsPage = lazyScreen(() => import('../payments/PendingPaymentsPage').then((m) => m.PendingPaymentsPage));
const PlansPage = lazyScreen(() => import('../plans/PlansPage').then((m) => m.PlansPage));
const UsersPage = lazyScreen(() => import('../users/UsersPage').then((m) => m.UsersPage));
const MediaLibraryPage = lazyScreen(() => import('../media/MediaLibraryPage').then((m) => m.MediaLibraryPage));
const AnalyticsPage = lazyScreen(() => import('../analytics/AnalyticsPage').then((m) => m.AnalyticsPage));
const AuditLogsPage = lazyScreen(() => import('../audit-logs/AuditLogsPage').then((m) => m.AuditLogsPage));

/** Wider than a phone, the sidebar waits for a laptop's width: a tablet's goes to the console's tables. */
const CONSOLE_SIDEBAR_FROM_PX = 992;

function ConsoleFrame({ admin }: { admin: Operator }) {
  const { logout, pending } = useOperatorLogout();
  return (
    <AppFrame
      navigation={{ id: 'console-navigation', label: 'Console navigation', entries: CONSOLE_NAV.filter((item) => item.ready) }}
      sidebarFromPx={CONSOLE_SIDEBAR_FROM_PX}
      sidebarWidth="240px"
      drawerWidth="min(100%, 320px)"
      icon={IconShieldLock}
      title={ADMIN_TEXTS.loginTitle}
      account={<span className={classes.operator} data-testid="operator-name">{admin.name}</span>}
      onLogout={logout}
      loggingOut={pending}
    >
      <Routes>
        <Route index element={<OverviewPage />} />
        <Route path="churches" element={<ChurchesPage />} />
        <Route path="associations" element={<AssociationsPage />} />
        <Route path="payments" element={<PendingPaymentsPage />} />
        <Route path="plans" element={<PlansPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="media" element={<MediaLibraryPage />} />
        <Route path="analytics" element={<AnalyticsPage />} />
        <Route path="audit-logs" element={<AuditLogsPage />} />
        {/* Any other console path goes to the console's sign-in. */}
        <Route path="*" element={<Navigate to={ADMIN_LOGIN_PATH} replace />} />
      </Routes>
    </AppFrame>
  );
}

/** /admin/dashboard/*: a verified operator only, otherwise the console's sign-in. */
export function AdminConsole() {
  const session = useOperatorSession();
  if (session.status === 'verifying') return <FullPageLoader label={ADMIN_TEXTS.verifying} />;
  if (session.status === 'unreachable') return <OperatorUnreachable retry={session.retry} retrying={session.retrying} />;
  if (session.status === 'signed_out') return <Navigate to={ADMIN_LOGIN_PATH} replace />;
  return <ConsoleFrame admin={session.admin} />;
}
