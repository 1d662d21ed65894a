import { Badge, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { formatCount } from '../../../lib/format';
import type { RouterOutputs } from '../../../lib/trpc';
import { consoleStatus, consoleTier, statusBadge, tierBadge } from '../shared/subscription-labels';

type SubscriptionStat = RouterOutputs['admin']['overview']['analytics']['subscriptionStats'][number];

/**
 * The server's counts per stored tier and status, as the console names them: a status the console
 * shows as another (pending_payment as Inactive) is added to that one's card, so no two cards
 * carry the same name.
 */
function cardsOf(stats: readonly SubscriptionStat[]) {
  const cards = new Map<string, { tier: string; status: string; count: number }>();
  for (const stat of stats) {
    const tier = consoleTier(stat.subscription_tier);
    const status = consoleStatus(stat.subscription_status);
    const key = `${tier}-${status}`;
    const card = cards.get(key) ?? { tier, status, count: 0 };
    card.count += stat.count;
    cards.set(key, card);
  }
  return [...cards.entries()];
}

/** One card per tier-and-status combination with its number of churches. */
export function SubscriptionCards({ stats }: { stats: readonly SubscriptionStat[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {cardsOf(stats).map(([key, card]) => {
        const tier = tierBadge(card.tier);
        const status = statusBadge(card.status);
        return (
          <Card key={key} withBorder padding="md" data-testid="subscription-stat">
            <Group gap={4}>
              <Badge color={tier.color} variant="light">{tier.label}</Badge>
              <Badge color={status.color} variant="outline">{status.label}</Badge>
            </Group>
            <Text fz={28} fw={700} lh={1.3} mt="xs" data-testid="stat-value">{formatCount(card.count)}</Text>
            <Text size="xs" c="dimmed">{card.count === 1 ? 'church' : 'churches'}</Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
