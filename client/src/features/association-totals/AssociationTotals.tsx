import { Anchor, Group, Paper, Select, SimpleGrid, Stack, Text, Title, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { MOBILE_BREAKPOINT_PX } from '../../../../common/constants';
import { QueryErrorState } from '../../components/ErrorState';
import { TableSkeleton } from '../../components/TableSkeleton';
import { ASSOCIATION_PATH } from '../../lib/association-path';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { CsvButton } from './CsvButton';
import { FiguresTable, groupBySection } from './FiguresTable';
import { usePeriod } from './period';
import { TrendSection } from './TrendSection';
import './messages';

const MOBILE_QUERY = `(max-width: ${em(MOBILE_BREAKPOINT_PX - 0.02)})`;

/** No member church yet: how one joins. */
function NoMembers() {
  const t = useT();
  return (
    <Stack gap="xs" data-testid="totals-empty">
      <Text c="dimmed">{t('associationtotals.empty')}</Text>
      <Anchor component={Link} to={`${ASSOCIATION_PATH}/members`} size="sm">{t('associationtotals.inviteLink')}</Anchor>
    </Stack>
  );
}

/**
 * The member churches' figures for a chosen academic year and month (the current ones at first):
 * the comparison of churches under their sections with the association's total, its CSV, and the
 * year's attendance trend.
 */
export function AssociationTotals() {
  const t = useT();
  const period = usePeriod();
  const compact = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const totals = trpc.association.totals.useQuery({ academic_year: period.year, month: period.month }, { placeholderData: keepPreviousData });
  const empty = totals.data && totals.data.churches.length === 0;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="association-figures">
        <Stack gap="sm">
          <Title order={2} size="h4" id="association-figures">{t('associationtotals.title')}</Title>
          <Text size="sm" c="dimmed">{t('associationtotals.privacyNote')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} maw={560}>
            <Select
              label={t('associationtotals.academicYear')}
              data={period.years}
              value={period.year}
              onChange={(value) => value && period.chooseYear(value)}
              allowDeselect={false}
              data-testid="totals-year"
            />
            <Select
              label={t('associationtotals.month')}
              data={period.months.map((m) => ({ value: m.value, label: m.label }))}
              value={period.month}
              onChange={(value) => value && period.chooseMonth(value)}
              allowDeselect={false}
              data-testid="totals-month"
            />
          </SimpleGrid>
          {totals.isPending ? <TableSkeleton rows={3} label={t('associationtotals.loading')} /> : null}
          {totals.isError ? <QueryErrorState query={totals} title={t('associationtotals.loadFailed')} /> : null}
          {empty ? <NoMembers /> : null}
          {totals.data && !empty ? (
            <Stack gap="sm" aria-busy={totals.isPlaceholderData} style={{ opacity: totals.isPlaceholderData ? 0.6 : 1 }}>
              <FiguresTable groups={groupBySection(totals.data)} />
              <Group justify="flex-end">
                <CsvButton year={period.year} month={period.month} fullWidth={compact} />
              </Group>
            </Stack>
          ) : null}
        </Stack>
      </Paper>
      {empty ? null : <TrendSection year={period.year} />}
    </Stack>
  );
}
