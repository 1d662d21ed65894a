import { Badge, type BadgeProps } from '@mantine/core';
import type { SessionChurch } from '../auth/useSession';
import { subscriptionBadgeText } from './tier';

/** The church's tier and days left, on top of every dashboard (02 section 2.3). */
export function SubscriptionBadge({ church, ...props }: { church: SessionChurch } & BadgeProps) {
  const color = !church.subscription.valid ? 'red' : church.subscription_tier === 'free' ? 'yellow' : 'teal';
  return (
    <Badge variant="light" color={color} data-testid="subscription-badge" {...props}>
      {subscriptionBadgeText(church)}
    </Badge>
  );
}
