import { Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { QueryErrorState } from '../../components/ErrorState';
import { classLabel } from '../../lib/class-label';
import { formatCount } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import './messages';

/** The dashboard's consent card (principals and super admins): how many of the year's children have
 * no enrolment consent, in all and per class. */
export function ConsentSummaryCard() {
  const t = useT();
  // Fetched again each time the dashboard opens: answers arrive through links at any time.
  const summary = trpc.consent.summary.useQuery(undefined, { staleTime: 0 });
  const data = summary.data;
  return (
    <Card withBorder padding="lg" data-testid="consent-card">
      <Stack gap="md">
        <Title order={2} size="h4">{t('consent.card.title')}</Title>
        {summary.isPending ? <Skeleton height={40} aria-busy="true" /> : null}
        {summary.isError ? <QueryErrorState query={summary} title={t('consent.card.loadFailed')} /> : null}
        {data ? (
          <>
            <Text data-testid="consent-missing-count">{t('consent.card.missing', { count: data.missing_enrolment_consent })}</Text>
            {data.missing_enrolment_consent > 0 ? (
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('consent.card.class')}</Table.Th>
                    <Table.Th ta="right">{t('consent.card.missingColumn')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.classes.filter((c) => c.missing_enrolment_consent > 0).map((c) => (
                    <Table.Tr key={c.class_id}>
                      <Table.Td>{classLabel({ class_name: c.class_name, section: c.class_section })}</Table.Td>
                      <Table.Td ta="right">{formatCount(c.missing_enrolment_consent)}</Table.Td>
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
