import { Badge, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '../../../../common/constants';
import { QueryErrorState } from '../../components/ErrorState';
import { formatLimit, formatRupees } from '../../lib/format';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type Plan = RouterOutputs['subscription']['plans'][string];

/** Lifetime access is granted by the platform, never chosen, so it is not offered. */
const OFFERED = (plan: Plan) => plan.tier !== 'lifetime';

function PlanCard({ plan, current }: { plan: Plan; current: boolean }) {
  const limits = [
    { label: 'Principals', value: plan.principals },
    { label: 'Teachers', value: plan.teachers },
    { label: 'Students', value: plan.students },
    { label: 'Classes', value: plan.classes },
  ];
  return (
    <Card withBorder padding="lg" data-testid={`plan-${plan.tier}`} style={current ? { borderColor: 'var(--mantine-color-indigo-5)' } : undefined}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">{plan.name}</Title>
          {current ? <Badge variant="light">Current plan</Badge> : null}
        </Group>
        <Group gap={6} align="baseline">
          <Text fz={28} fw={700}>{formatRupees(plan.price)}</Text>
          <Text c="dimmed" size="sm">/ {plan.duration_days} days</Text>
        </Group>
        {plan.description ? <Text size="sm" c="dimmed">{plan.description}</Text> : null}
        <List size="sm" spacing={4}>
          {limits.map((limit) => (
            <List.Item key={limit.label}>{limit.label}: {formatLimit(limit.value)}</List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

/** The plans of the `plans` table (the one source of prices), with ₹ prices. */
export function PlanList({ currentTier }: { currentTier: string | undefined }) {
  const plans = trpc.subscription.plans.useQuery(undefined, { staleTime: 5 * 60_000 });

  if (plans.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }} aria-busy="true" aria-label="Loading plans">
        {[0, 1, 2].map((i) => <Skeleton key={i} height={220} radius="md" />)}
      </SimpleGrid>
    );
  }
  if (plans.isError) {
    return <QueryErrorState query={plans} title={MESSAGES.plansLoadFailed} />;
  }
  const offered = Object.values(plans.data).filter(OFFERED);
  if (offered.length === 0) return <Text c="dimmed">{MESSAGES.plansEmpty}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(3, offered.length) }}>
      {offered.map((plan) => <PlanCard key={plan.tier} plan={plan} current={plan.tier === currentTier} />)}
    </SimpleGrid>
  );
}
