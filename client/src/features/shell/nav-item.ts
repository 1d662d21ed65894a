import type { ComponentType } from 'react';
import type { LazyScreen } from '../../lib/lazy-screen';
import type { ScreenPrefetch } from '../../lib/screen-prefetch';
import type { ChurchRole } from '../../../../common/constants';
import type { MessageId } from '../../lib/i18n';

/** One sidebar entry of the dashboard. */
export interface NavItem {
  id: string;
  /** The entry's name in the catalogue (the dashboard's area). */
  label: MessageId;
  path: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  roles: readonly ChurchRole[];
  /** False while the screen behind the entry does not exist yet: the entry is not shown. */
  ready: boolean;
  /** The screen, for ready entries: fetched when first opened. */
  screen?: LazyScreen;
  /** The screen's first calls, started at page load when the address is the screen's. */
  prefetch?: ScreenPrefetch;
}

export const visibleNavItems = (items: readonly NavItem[], role: ChurchRole) =>
  items.filter((item) => item.ready && item.roles.includes(role));
