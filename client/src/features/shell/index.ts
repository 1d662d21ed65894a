/** The church dashboard's frame (fetched with the first signed-in screen), its entries' shape, and
 * who may open an entry's screen (the route table's guard asks the same). */
import { lazyScreen } from '../../lib/lazy-screen';

export const DashboardLayout = lazyScreen(() => import('./DashboardLayout').then((m) => m.DashboardLayout));
export { mayOpen, type NavItem, type ScreenAccess } from './nav-item';
