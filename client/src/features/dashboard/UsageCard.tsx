import { Alert, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { MESSAGES } from '../../../../common/constants';
import { QueryErrorState } from '../../components/ErrorState';
import { formatCount, formatLimit } from '../../lib/format';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { tierLabel } from '../subscription/tier';

type Usage = RouterOutputs['subscription']['usage'];
type Resource = keyof Usage['usage'];

const RESOURCES: { key: Resource; label: string }[] = [
  { key: 'principals', label: 'Principals' },
  { key: 'teachers', label: 'Teachers' },
  { key: 'students', label: 'Students' },
  { key: 'classes', label: 'Classes' },
];

function UsageRow({ label, used, limit }: { label: string; used: number; limit: number | undefined }) {
  const limited = limit !== undefined && limit >= 0;
  const percent = limited ? (limit === 0 ? 100 : Math.min(100, (used / limit) * 100)) : 0;
  const color = percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'indigo';
  return (
    <Stack gap={4} data-testid={`usage-${label.toLowerCase()}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>{label}</Text>
        <Text size="sm" c="dimmed">
          {formatCount(used)}
          {limit !== undefined ? ` / ${formatLimit(limit)}` : ''}
        </Text>
      </Group>
      {limited ? (
        <Progress value={percent} color={color} size="sm" aria-label={`${label}: ${used} of ${limit}`} />
      ) : null}
    </Stack>
  );
}

function UsageSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" aria-busy="true" aria-label="Loading usage">
      {RESOURCES.map((r) => (
        <Stack key={r.key} gap={6}>
          <Skeleton height={14} width="60%" />
          <Skeleton height={8} />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function UsageDetails({ data }: { data: Usage }) {
  const nothingYet = data.usage.classes === 0 && data.usage.students === 0;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
        {RESOURCES.map((r) => (
          <UsageRow key={r.key} label={r.label} used={data.usage[r.key]} limit={data.limits?.[r.key]} />
        ))}
      </SimpleGrid>
      {data.limits === null ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>{MESSAGES.usageLimitsMissing}</Alert>
      ) : null}
      {nothingYet ? <Text size="sm" c="dimmed">{MESSAGES.usageNothingYet}</Text> : null}
    </Stack>
  );
}

/** Resource usage against the plan's limits (01 section 3, GET /api/subscription/usage). */
export function UsageCard() {
  const usage = trpc.subscription.usage.useQuery();

  return (
    <Card withBorder padding="lg" data-testid="usage-card">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} size="h4">Plan usage</Title>
        {usage.data ? <Text size="sm" c="dimmed">{tierLabel(usage.data.tier)} plan</Text> : null}
      </Group>
      {usage.isPending ? <UsageSkeleton /> : null}
      {usage.isError ? <QueryErrorState query={usage} title={MESSAGES.usageLoadFailed} /> : null}
      {usage.data ? <UsageDetails data={usage.data} /> : null}
    </Card>
  );
}
