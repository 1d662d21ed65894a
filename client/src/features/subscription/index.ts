/** The church's plan as other screens show it: the frame's badge, the plan facts the dashboard
 * shows, the plans on offer (registration), and the dashboard's upgrade dialog (fetched when first
 * opened: no role but the one who manages the plan pays for it). */
import { lazyScreen } from '../../lib/lazy-screen';

export const UpgradeDialog = lazyScreen(() => import('./UpgradeDialog').then((m) => m.UpgradeDialog));
export { SubscriptionBadge } from './SubscriptionBadge';
export { hasPaidPlan, MANAGE_PLAN_STATE, tierLabel } from './tier';
export { usePlans } from './usePlans';
