import type { SessionChurch } from '../auth';

const TIER_LABELS: Record<string, string> = {
  free: 'Free Trial',
  basic: 'Basic',
  premium: 'Premium',
  lifetime: 'Lifetime',
};

export const tierLabel = (tier: string) => TIER_LABELS[tier] ?? tier;

/** The subscription badge text: the tier, plus the days left while there are any (none for lifetime). */
export function subscriptionBadgeText(church: SessionChurch) {
  const { days_left: daysLeft, reason } = church.subscription;
  const tier = tierLabel(church.subscription_tier);
  if (reason === 'lifetime' || daysLeft === null || daysLeft <= 0) return tier;
  return `${tier} · ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
}

/** A valid paid plan (basic or premium, not lifetime): its super admin manages it on the subscription
 * page, where it can move to the Free Trial. */
export const hasPaidPlan = (church: SessionChurch) => church.subscription.valid && !church.is_lifetime
  && (church.subscription_tier === 'basic' || church.subscription_tier === 'premium');

/** The navigation state of the dashboard's Manage plan link, and whether a visit carries it. */
export const MANAGE_PLAN_STATE = { managePlan: true } as const;
export const isManagePlanVisit = (state: unknown) => typeof state === 'object' && state !== null && 'managePlan' in state;
