/** Which paid plans a church may pay for now, and whether that payment is an upgrade. */

export const PAID_TIERS = ['basic', 'premium'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

export const UPGRADE_PATH_MESSAGES = {
  lifetime: 'A lifetime church has nothing to pay.',
  premiumCannotUpgrade: 'The Premium plan cannot be upgraded. To move to a smaller plan, switch to the Free Trial first.',
} as const;

export type OrderKind = { allowed: true; isUpgrade: boolean } | { allowed: false; message: string };

/**
 * The upgrade path: free can go to basic or premium, basic to premium, premium cannot upgrade.
 * A church may also renew its own paid plan, and a church whose paid registration is still waiting
 * for its payment may pay for either paid plan (that first payment is not an upgrade).
 */
export function orderKind(
  church: { subscription_tier: string; subscription_status: string; is_lifetime: boolean },
  wanted: PaidTier,
): OrderKind {
  if (church.is_lifetime || church.subscription_tier === 'lifetime') return { allowed: false, message: UPGRADE_PATH_MESSAGES.lifetime };
  if (church.subscription_status === 'pending_payment') return { allowed: true, isUpgrade: false };
  if (church.subscription_tier === wanted) return { allowed: true, isUpgrade: false };
  if (church.subscription_tier === 'premium') return { allowed: false, message: UPGRADE_PATH_MESSAGES.premiumCannotUpgrade };
  return { allowed: true, isUpgrade: true };
}
