import { Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { QueryErrorState } from '../../components/ErrorState';
import { classLabel } from '../../lib/class-label';
import { formatCount } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import './messages';

/**
 * The dashboard's follow-up card (principals and super admins): how many children are on the list
 * and how many families were contacted this week, in all and per class, and the way to the list.
 */
export function FollowUpSummaryCard() {
  const t = useT();
  // Fetched again each time the dashboard opens: marks and calls made elsewhere change the figures.
  const summary = trpc.followUp.summary.useQuery(undefined, { staleTime: 0 });
  const data = summary.data;
  return (
    <Card withBorder padding="lg" data-testid="follow-up-card">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">{t('followup.card.title')}</Title>
          <Button component={Link} to="/follow-up" variant="light" size="xs" rightSection={<IconArrowRight size={14} />}>
            {t('followup.card.open')}
          </Button>
        </Group>
        {summary.isPending ? <Skeleton height={40} aria-busy="true" /> : null}
        {summary.isError ? <QueryErrorState query={summary} title={t('followup.card.loadFailed')} /> : null}
        {data ? (
          <>
            <Text data-testid="follow-up-totals">{t('followup.card.totals', { count: data.follow_up, contacted: formatCount(data.contacted_this_week) })}</Text>
            {data.classes.length > 0 ? (
              <Table verticalSpacing="xs" data-testid="follow-up-classes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('followup.card.class')}</Table.Th>
                    <Table.Th ta="right">{t('followup.card.toFollowUp')}</Table.Th>
                    <Table.Th ta="right">{t('followup.card.contactedThisWeek')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.classes.map((c) => (
                    <Table.Tr key={c.class_id}>
                      <Table.Td>{classLabel({ class_name: c.class_name, section: c.class_section })}</Table.Td>
                      <Table.Td ta="right">{formatCount(c.follow_up)}</Table.Td>
                      <Table.Td ta="right">{formatCount(c.contacted_this_week)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
