import {
  IconBuildingChurch, IconBuildingCommunity, IconCash, IconChartBar, IconHome, IconListDetails, IconPhoto, IconTags, IconUserCog,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** The console's screens under /admin/dashboard, in sidebar order. */
export type ConsoleScreen = 'overview' | 'churches' | 'associations' | 'payments' | 'plans' | 'users' | 'media' | 'analytics' | 'auditLogs';

interface ConsoleNavItem {
  id: ConsoleScreen;
  label: string;
  path: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** False while the screen does not exist yet: neither its entry nor links to it are shown. */
  ready: boolean;
}

export const CONSOLE_HOME = '/admin/dashboard';
export const ADMIN_LOGIN_PATH = '/admin-login';

export const CONSOLE_NAV: readonly ConsoleNavItem[] = [
  { id: 'overview', label: 'Overview', path: CONSOLE_HOME, icon: IconHome, ready: true },
  { id: 'churches', label: 'Church Management', path: `${CONSOLE_HOME}/churches`, icon: IconBuildingChurch, ready: true },
  { id: 'associations', label: 'Associations', path: `${CONSOLE_HOME}/associations`, icon: IconBuildingCommunity, ready: true },
  { id: 'payments', label: 'Pending Payments', path: `${CONSOLE_HOME}/payments`, icon: IconCash, ready: true },
  { id: 'plans', label: 'Plans', path: `${CONSOLE_HOME}/plans`, icon: IconTags, ready: true },
  { id: 'users', label: 'User Management', path: `${CONSOLE_HOME}/users`, icon: IconUserCog, ready: true },
  { id: 'media', label: 'Media Library', path: `${CONSOLE_HOME}/media`, icon: IconPhoto, ready: true },
  { id: 'analytics', label: 'Analytics', path: `${CONSOLE_HOME}/analytics`, icon: IconChartBar, ready: true },
  { id: 'auditLogs', label: 'Audit Logs', path: `${CONSOLE_HOME}/audit-logs`, icon: IconListDetails, ready: true },
];

/** The path of a built screen, or null while it does not exist (links to it stay hidden). */
export function consolePath(id: ConsoleScreen): string | null {
  const item = CONSOLE_NAV.find((entry) => entry.id === id);
  return item?.ready ? item.path : null;
}
