import type { SessionChurch } from '../auth/useSession';

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
