import type { SessionChurch } from '../auth';
import classes from './SubscriptionBadge.module.css';
import { subscriptionBadgeText } from './tier';

/** The church's tier and days left, on top of every dashboard (02 section 2.3). */
export function SubscriptionBadge({ church, className }: { church: SessionChurch; className?: string }) {
  const tone = !church.subscription.valid ? 'invalid' : church.subscription_tier === 'free' ? 'trial' : 'paid';
  return (
    <span
      className={className ? `${classes.badge} ${className}` : classes.badge}
      data-tone={tone}
      data-testid="subscription-badge"
    >
      {subscriptionBadgeText(church)}
    </span>
  );
}
