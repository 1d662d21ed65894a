import type { SessionChurch } from '../auth';
import { useT } from '../../lib/i18n';
import classes from './SubscriptionBadge.module.css';
import { subscriptionBadgeText } from './tier';

/** The church's tier and days left, in the frame of every dashboard screen. */
export function SubscriptionBadge({ church }: { church: SessionChurch }) {
  const t = useT();
  const tone = !church.subscription.valid ? 'invalid' : church.subscription_tier === 'free' ? 'trial' : 'paid';
  return (
    <span className={classes.badge} data-tone={tone} data-testid="subscription-badge">
      {subscriptionBadgeText(church, t)}
    </span>
  );
}
