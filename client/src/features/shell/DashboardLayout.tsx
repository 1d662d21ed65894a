import { useState } from 'react';
import { IconBuildingChurch } from '@tabler/icons-react';
import { Outlet } from 'react-router-dom';
import { MOBILE_BREAKPOINT_PX } from '../../../../common/constants';
import { AppFrame } from '../../components/AppFrame';
import { LanguagePicker } from '../../components/LanguagePicker';
import { useT } from '../../lib/i18n';
import { useLogout } from '../../lib/useLogout';
import { ownerKey } from '../../lib/offline/device-db';
import {
  forgetOwnerMarks, keptExamMarksCount, pendingCount, unsentMarks, useExamSaveSync, useKeepRollCallsOnDevice, useMarkSync,
} from '../offline-marks';
import { useSaveLanguage, useSignedInSession } from '../auth';
import { SubscriptionBadge } from '../subscription';
import { visibleNavItems, type NavItem } from './nav-item';
import { WaitingMarksCount } from './WaitingMarksCount';
import { UnsentMarksDialog } from './UnsentMarksDialog';
import './messages';

interface DashboardLayoutProps {
  items: readonly NavItem[];
}

/**
 * The church dashboard's frame: the church's name and subscription badge, the greeting, the count of
 * marks waiting on this device, the language picker and Logout, and the role's entries in a sidebar
 * that is a drawer below the mobile breakpoint, where the greeting and the badge move into the
 * drawer. A language chosen here is the user's own from then on (saved on the server). The frame
 * sends the marks waiting on the device (features/offline-marks); Logout leaves nothing of the
 * user on the device, and asks first when marks not sent would be lost.
 */
export function DashboardLayout({ items }: DashboardLayoutProps) {
  const t = useT();
  const saveLanguage = useSaveLanguage();
  const { user, church } = useSignedInSession();
  const owner = ownerKey(church.code, user.id);
  useMarkSync(owner);
  useExamSaveSync(owner);
  useKeepRollCallsOnDevice();
  const { logout, pending } = useLogout();
  const [unsentCount, setUnsentCount] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);

  const leave = async () => {
    setLeaving(true);
    try {
      await forgetOwnerMarks(owner);
    } catch {
      // The device database cannot be opened: nothing of the user can be read from it either.
    }
    await logout();
  };
  const askToLeave = async () => {
    // Roll-call marks and exam marks saved on this phone and not yet sent: sign-out would lose them.
    const [roll, exams] = await Promise.all([unsentMarks(owner).then(pendingCount, () => 0), keptExamMarksCount(owner).catch(() => 0)]);
    const unsent = roll + exams;
    if (unsent > 0) setUnsentCount(unsent);
    else await leave();
  };

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
      account={<WaitingMarksCount owner={owner} />}
      drawerHeader={<><span>{greeting}</span><SubscriptionBadge church={church} /></>}
      languagePicker={(compact) => <LanguagePicker onChange={saveLanguage} compact={compact} />}
      onLogout={askToLeave}
      loggingOut={pending || leaving}
    >
      <Outlet />
      {unsentCount !== null ? (
        <UnsentMarksDialog count={unsentCount} onConfirm={() => void leave()} onCancel={() => setUnsentCount(null)} pending={leaving} />
      ) : null}
    </AppFrame>
  );
}
