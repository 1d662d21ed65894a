import { Alert, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { formatBytes, formatMegabytes } from '../../../../common/media-limits';
import { QueryErrorState } from '../../components/ErrorState';
import { formatCount } from '../../lib/format';
import { useT, type MessageId } from '../../lib/i18n';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { tierLabel } from '../subscription';
import './messages';

type Usage = RouterOutputs['subscription']['usage'];
type Resource = keyof Usage['usage'];

const RESOURCES: { key: Resource; label: MessageId }[] = [
  { key: 'principals', label: 'dashboard.usage.principals' },
  { key: 'teachers', label: 'dashboard.usage.teachers' },
  { key: 'students', label: 'dashboard.usage.students' },
  { key: 'classes', label: 'dashboard.usage.classes' },
];

type Translate = ReturnType<typeof useT>;

/** A plan's limit as shown: -1 is unlimited. */
const limitText = (t: Translate, limit: number) => (limit < 0 ? t('dashboard.usage.unlimited') : formatCount(limit));

interface UsageRowProps {
  label: string;
  testId: string;
  used: number;
  /** -1 unlimited; undefined when the plan is not known. */
  limit: number | undefined;
  /** The figures as shown: "12 / 50", "3.4 MB / 500 MB". */
  figures: string;
}

function UsageRow({ label, testId, used, limit, figures }: UsageRowProps) {
  const t = useT();
  const limited = limit !== undefined && limit >= 0;
  const percent = limited ? (limit === 0 ? 100 : Math.min(100, (used / limit) * 100)) : 0;
  const color = percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'indigo';
  return (
    <Stack gap={4} data-testid={`usage-${testId}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>{label}</Text>
        <Text size="sm" c="dimmed">{figures}</Text>
      </Group>
      {limited ? (
        <Progress value={percent} color={color} size="sm" aria-label={t('dashboard.usage.figures', { label, figures })} />
      ) : null}
    </Stack>
  );
}

const countFigures = (t: Translate, used: number, limit: number | undefined) =>
  `${formatCount(used)}${limit !== undefined ? ` / ${limitText(t, limit)}` : ''}`;

const MB = 1024 * 1024;

/** The gallery's storage: bytes stored (originals and their copies) against the plan's quota in MB. */
function StorageRow({ storage }: { storage: Usage['storage'] }) {
  const t = useT();
  const quota = storage.quota_mb;
  const quotaText = quota === null ? '' : ` / ${quota < 0 ? limitText(t, quota) : formatMegabytes(quota)}`;
  return (
    <UsageRow
      label={t('dashboard.usage.storage')} testId="storage" used={storage.used_bytes}
      limit={quota === null ? undefined : quota < 0 ? -1 : quota * MB}
      figures={`${formatBytes(storage.used_bytes)}${quotaText}`}
    />
  );
}

function UsageSkeleton() {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" aria-busy="true" aria-label={t('dashboard.usage.loading')}>
      {[...RESOURCES, { key: 'storage' }].map((r) => (
        <Stack key={r.key} gap={6}>
          <Skeleton height={14} width="60%" />
          <Skeleton height={8} />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function UsageDetails({ data }: { data: Usage }) {
  const t = useT();
  const nothingYet = data.usage.classes === 0 && data.usage.students === 0;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
        {RESOURCES.map((r) => (
          <UsageRow
            key={r.key} label={t(r.label)} testId={r.key} used={data.usage[r.key]} limit={data.limits?.[r.key]}
            figures={countFigures(t, data.usage[r.key], data.limits?.[r.key])}
          />
        ))}
        <StorageRow storage={data.storage} />
      </SimpleGrid>
      {data.limits === null ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>{t('dashboard.usage.limitsMissing')}</Alert>
      ) : null}
      {nothingYet ? <Text size="sm" c="dimmed">{t('dashboard.usage.nothingYet')}</Text> : null}
    </Stack>
  );
}

/** Resource usage against the plan's limits (GET /api/subscription/usage), and the
 * gallery's storage against the plan's quota. */
export function UsageCard() {
  const t = useT();
  const usage = trpc.subscription.usage.useQuery();

  return (
    <Card withBorder padding="lg" data-testid="usage-card">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} size="h4">{t('dashboard.usage.title')}</Title>
        {usage.data ? <Text size="sm" c="dimmed">{t('dashboard.usage.plan', { tier: tierLabel(usage.data.tier, t) })}</Text> : null}
      </Group>
      {usage.isPending ? <UsageSkeleton /> : null}
      {usage.isError ? <QueryErrorState query={usage} title={t('dashboard.usage.loadFailed')} /> : null}
      {usage.data ? <UsageDetails data={usage.data} /> : null}
    </Card>
  );
}
