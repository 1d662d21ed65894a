/** Choosing a plan: the plans on offer, their list with its actions, and starting a payment, which
 * registration and the dashboard's upgrade dialog share with the subscription screen. */
export type { Plan } from './fallback-plans';
export { PlanList, type PlanAction } from './PlanList';
export { usePlans } from './usePlans';
export { useSubscriptionActions } from './useSubscriptionActions';
