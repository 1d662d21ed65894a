/** The church dashboard's frame (fetched with the first signed-in screen) and its entries' shape. */
import { lazyScreen } from '../../lib/lazy-screen';

export const DashboardLayout = lazyScreen(() => import('./DashboardLayout').then((m) => m.DashboardLayout));
export type { NavItem } from './nav-item';
