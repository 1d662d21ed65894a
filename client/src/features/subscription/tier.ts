import type { SessionChurch } from '../auth';
import { translate, type MessageId } from '../../lib/i18n';

/** `t` of a component (it renders again when the language changes), else the active language's. */
type Translate = typeof translate;

const TIER_LABELS: Record<string, MessageId> = {
  free: 'common.tier.free',
  basic: 'common.tier.basic',
  premium: 'common.tier.premium',
  lifetime: 'common.tier.lifetime',
};

/** A plan's name; a tier the client does not know keeps the server's name. */
export const tierLabel = (tier: string, t: Translate = translate) => (tier in TIER_LABELS ? t(TIER_LABELS[tier]) : tier);

/** The subscription badge text: the tier, plus the days left while there are any (none for lifetime). */
export function subscriptionBadgeText(church: SessionChurch, t: Translate) {
  const { days_left: daysLeft, reason } = church.subscription;
  const tier = tierLabel(church.subscription_tier, t);
  if (reason === 'lifetime' || daysLeft === null || daysLeft <= 0) return tier;
  return t('common.tierDaysLeft', { tier, days: daysLeft });
}

/** A valid paid plan (basic or premium, not lifetime): its super admin manages it on the subscription
 * page, where it can move to the Free Trial. */
export const hasPaidPlan = (church: SessionChurch) => church.subscription.valid && !church.is_lifetime
  && (church.subscription_tier === 'basic' || church.subscription_tier === 'premium');

/** The navigation state of the dashboard's Manage plan link, and whether a visit carries it. */
export const MANAGE_PLAN_STATE = { managePlan: true } as const;
export const isManagePlanVisit = (state: unknown) => typeof state === 'object' && state !== null && 'managePlan' in state;
