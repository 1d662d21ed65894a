import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { QueryErrorState } from '../../../components/ErrorState';
import { trpc } from '../../../lib/trpc';
import { useAddressParams } from '../../../lib/useAddressParams';
import { ConsoleSelect } from '../shared/ConsoleSelect';
import { ChurchGrowthChart } from './ChurchGrowthChart';
import { SubscriptionCards } from './SubscriptionCards';
import { ANALYTICS_PERIODS, ANALYTICS_TEXTS, DEFAULT_PERIOD, periodParam } from './texts';
import { TopChurches } from './TopChurches';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" style={{ minWidth: 0 }}>
      <Title order={2} size="h4" mb="sm">{title}</Title>
      {children}
    </Card>
  );
}

function AnalyticsSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the analytics">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={104} radius="md" />)}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Skeleton height={320} radius="md" />
        <Skeleton height={320} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The Analytics Dashboard: churches per plan and status, the churches with most
 * users and the registrations per month over the chosen period. The period is kept in the address
 * (Back returns to the previous one) and sent to the server, which applies it to the growth.
 */
export function AnalyticsPage() {
  const { params, update } = useAddressParams();
  const period = periodParam(params.get('period'));
  const analytics = trpc.admin.overview.analytics.useQuery({ period }, { placeholderData: keepPreviousData });
  const data = analytics.data;

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">{ANALYTICS_TEXTS.title}</Title>
        <ConsoleSelect
          label={ANALYTICS_TEXTS.period}
          data={ANALYTICS_PERIODS}
          value={String(period)}
          onChange={(value) => update({ period: periodParam(value) === DEFAULT_PERIOD ? null : value }, { push: true })}
          style={{ flex: '0 1 200px' }}
        />
      </Group>

      {analytics.isPending ? <AnalyticsSkeleton /> : null}
      {analytics.isError ? <QueryErrorState query={analytics} title={ANALYTICS_TEXTS.failed} /> : null}
      {data ? (
        <Stack gap="md" style={{ opacity: analytics.isPlaceholderData ? 0.6 : 1 }} aria-busy={analytics.isPlaceholderData || undefined}>
          <SubscriptionCards stats={data.subscriptionStats} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section title={ANALYTICS_TEXTS.topChurches}>
              <TopChurches churches={data.userActivity} />
            </Section>
            <Section title={ANALYTICS_TEXTS.growth}>
              <ChurchGrowthChart months={data.churchGrowth} />
            </Section>
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  );
}
