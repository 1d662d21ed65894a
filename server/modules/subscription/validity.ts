import { FREE_TRIAL_DAYS } from '../../../common/constants.js';
import type { SubscriptionReason, SubscriptionValidity } from '../../core/scope-dtos.js';

interface ChurchSubscription {
  subscriptionTier: string;
  subscriptionStatus: string;
  subscriptionEndDate: Date | null;
  isLifetime: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a church's subscription is valid, computed on the server only. Lifetime churches are always
 * valid. Otherwise the status must be active, and a church past its end date is invalid: a free
 * church shows 'Free trial period ended'; a paid church (whose plans last 30 days) 'expired'.
 */
export function subscriptionValidity(church: ChurchSubscription, now = new Date()): SubscriptionValidity {
  const end = church.subscriptionEndDate;
  const daysLeft = end ? Math.ceil((end.getTime() - now.getTime()) / DAY_MS) : null;
  const result = (valid: boolean, reason: SubscriptionReason, message: string): SubscriptionValidity =>
    ({ valid, reason, message, days_left: daysLeft });

  if (church.isLifetime || church.subscriptionTier === 'lifetime') {
    return { valid: true, reason: 'lifetime', message: 'Lifetime access', days_left: null };
  }
  switch (church.subscriptionStatus) {
    case 'active': break;
    case 'pending_payment':
      return result(false, 'pending_payment', 'Your payment is pending. Complete the payment or switch to the Free Trial.');
    case 'suspended':
      return result(false, 'suspended', 'This church\'s subscription is suspended. Please contact support.');
    default:
      return result(false, 'inactive', 'This church\'s subscription is not active. Please choose a plan.');
  }
  const expired = end !== null && end.getTime() <= now.getTime();
  if (church.subscriptionTier === 'free') {
    return expired
      ? result(false, 'trial_ended', 'Free trial period ended')
      : result(true, 'free_trial', `Free trial: ${FREE_TRIAL_DAYS}-day trial of every feature`);
  }
  return expired
    ? result(false, 'expired', 'Your subscription has expired. Please renew to continue.')
    : result(true, 'active', 'Subscription active');
}
