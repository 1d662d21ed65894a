import type { ComponentType } from 'react';
import type { LazyScreen } from '../../lib/lazy-screen';
import type { ScreenPrefetch } from '../../lib/screen-prefetch';
import type { ChurchRole } from '../../../../common/constants';
import { can, type Capability } from '../../../../common/permissions';
import type { MessageId } from '../../lib/i18n';

type NavIcon = ComponentType<{ size?: number; stroke?: number }>;

/** Who may open a screen, in terms of the permission table (common/permissions.ts). */
export interface ScreenAccess {
  /** The holders of this capability; every signed-in user when absent. */
  capability?: Capability;
  /** But not the holders of this one: another entry or screen serves them. */
  exceptWith?: Capability;
}

/** One sidebar entry of the dashboard: its screen, and who sees it (the same users may open the screen). */
export interface NavItem extends ScreenAccess {
  id: string;
  /** The entry's name in the catalogue (the dashboard's area). */
  label: MessageId;
  path: string;
  icon: NavIcon;
  /** How the entry shows to the holders of a capability, when not as above (Student Management). */
  shownWith?: { capability: Capability; label: MessageId; icon?: NavIcon };
  /** False while the screen behind the entry does not exist yet: the entry is not shown. */
  ready: boolean;
  /** The screen, for ready entries: fetched when first opened. */
  screen?: LazyScreen;
  /** The screen's first calls, started at page load when the address is the screen's. */
  prefetch?: ScreenPrefetch;
}

/** Whether a user of `role` may open the screen (and sees its entry). */
export const mayOpen = ({ capability, exceptWith }: ScreenAccess, role: ChurchRole) =>
  (capability === undefined || can(role, capability)) && !(exceptWith !== undefined && can(role, exceptWith));

/** The role's sidebar: its entries in order, each as it shows to the role. */
export const visibleNavItems = (items: readonly NavItem[], role: ChurchRole) =>
  items.filter((item) => item.ready && mayOpen(item, role)).map(({ shownWith, ...item }) =>
    (shownWith && can(role, shownWith.capability) ? { ...item, label: shownWith.label, icon: shownWith.icon ?? item.icon } : item));
