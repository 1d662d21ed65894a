/** The church's plan as its session states it: the frame's badge and the plan facts the dashboard
 * and the subscription screen show. */
export { SubscriptionBadge } from './SubscriptionBadge';
export { hasPaidPlan, isManagePlanVisit, MANAGE_PLAN_STATE, tierLabel } from './tier';
