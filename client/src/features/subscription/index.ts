/** The church's plan as other screens show it: the header's badge, the plan facts, the plans on
 * offer, and the upgrade dialog (fetched when first opened: no role but the super admin pays for it). */
import { lazyScreen } from '../../lib/lazy-screen';

export const UpgradeDialog = lazyScreen(() => import('./UpgradeDialog').then((m) => m.UpgradeDialog));
export { SubscriptionBadge } from './SubscriptionBadge';
export { hasPaidPlan, MANAGE_PLAN_STATE, tierLabel } from './tier';
export { usePlans } from './usePlans';
