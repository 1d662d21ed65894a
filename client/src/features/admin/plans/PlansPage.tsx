import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
import { PagedTable } from '../../../components/PagedTable';
import { trpc } from '../../../lib/trpc';
import { PlanForm } from './PlanForm';
import { PLANS_TEXTS as T } from './texts';

const PLAN_COLS = { base: 1, lg: 2 };

/**
 * Plans: price, limits, description and features of the four plans (the tiers are fixed: edited,
 * never added or deleted). A save asks the plans again; each form starts afresh from the new version.
 */
export function PlansPage() {
  const utils = trpc.useUtils();
  const plans = trpc.admin.plans.list.useQuery();
  const reload = () => {
    void utils.admin.plans.list.invalidate();
    void utils.admin.auditLogs.invalidate();
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">{T.title}</Title>
        <Text c="dimmed" size="sm">{T.intro}</Text>
      </Stack>
      <PagedTable
        query={plans}
        items={plans.data?.items}
        loadingLabel="Loading the plans"
        skeleton={(
          <SimpleGrid cols={PLAN_COLS}>
            {Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={420} radius="md" />)}
          </SimpleGrid>
        )}
        errorTitle={T.listFailed}
        empty={{ icon: <IconTags size={28} stroke={1.5} aria-hidden />, title: T.empty, hint: T.emptyHint, testId: 'plans-empty' }}
      >
        {(items) => (
          <SimpleGrid cols={PLAN_COLS} spacing="md">
            {items.map((plan) => <PlanForm key={`${plan.tier}/${plan.version}`} plan={plan} onSaved={reload} onReload={reload} />)}
          </SimpleGrid>
        )}
      </PagedTable>
    </Stack>
  );
}
