/** Overview, every role's home at /: the screen (fetched when first opened) and its first calls. */
import { lazyScreen } from '../../lib/lazy-screen';

export const DashboardHome = lazyScreen(() => import('./DashboardHome').then((m) => m.DashboardHome));
export { prefetchDashboard } from './prefetch';
