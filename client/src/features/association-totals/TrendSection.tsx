import { lazy, Suspense, useState } from 'react';
import { Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { QueryErrorState } from '../../components/ErrorState';
import { TableSkeleton } from '../../components/TableSkeleton';
import { useLanguage, useT } from '../../lib/i18n';
import { formatDateIn } from '../../lib/months';
import { formatPercentage } from '../../lib/percentage';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { FewerThanFive } from './figures';
import { trendMonths } from './period';
import { pointsOf, rowsOf, subjectKey, subjectOfKey, type Subject } from './trend';
import './messages';

type Trend = RouterOutputs['association']['trend'];

const TrendChart = lazy(() => import('./TrendChart').then((m) => ({ default: m.TrendChart })));

/** The choices of whose trend: the association, each section, each church (a convener's: their section and its churches). */
function useSubjects(trend: Trend) {
  const t = useT();
  const sections = new Map(trend.sections.map((r) => [r.section_id ?? 'none', r.section_name]));
  const churches = new Map(trend.churches.map((r) => [r.church_id ?? '', r.church_name ?? '']));
  return [
    ...(trend.association.length > 0 ? [{ value: 'association', label: t('associationtotals.trend.association') }] : []),
    ...[...sections].map(([id, name]) => ({
      value: `section:${id}`, label: name === null ? t('associationtotals.noSection') : t('associationtotals.sectionTotal', { name }),
    })),
    ...[...churches].map(([id, name]) => ({ value: `church:${id}`, label: name })),
  ];
}

/** The academic year's attendance per month: a line (gaps where a month has no figure) and the same months as a table. */
function TrendView({ year, trend }: { year: string; trend: Trend }) {
  const t = useT();
  const language = useLanguage();
  const subjects = useSubjects(trend);
  const [chosen, setChosen] = useState<Subject>({ level: 'association' });
  const key = subjects.some((s) => s.value === subjectKey(chosen)) ? subjectKey(chosen) : subjects[0]?.value ?? 'association';
  const subject = subjectOfKey(key);
  const name = subjects.find((s) => s.value === key)?.label ?? '';
  const rows = rowsOf(trend, subject);
  const months = trendMonths(year, rows.map((r) => r.month), language);
  const points = pointsOf(rows, months.map((m) => m.value));
  const data = points.map((p) => ({
    month: formatDateIn(language, `${p.month}-01`, { month: 'short' }),
    percentage: p.state === 'shown' ? p.percentage : null,
  }));
  return (
    <Stack gap="sm">
      <Select
        label={t('associationtotals.trend.of')}
        data={subjects}
        value={key}
        onChange={(value) => value && setChosen(subjectOfKey(value))}
        allowDeselect={false}
        searchable={subjects.length > 8}
        maw={420}
        data-testid="trend-subject"
      />
      <Suspense fallback={<Skeleton height={220} radius="md" />}>
        <TrendChart data={data} series={t('associationtotals.trend.attendance')} />
      </Suspense>
      <Text size="xs" c="dimmed">{t('associationtotals.trend.gapNote')}</Text>
      <Table withTableBorder verticalSpacing={4} fz="sm" data-testid="trend-table">
        <Table.Caption>{t('associationtotals.trend.caption', { name })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('associationtotals.month')}</Table.Th>
            <Table.Th ta="right">{t('associationtotals.trend.attendance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {points.map((point, i) => (
            <Table.Tr key={point.month} data-testid="trend-month" data-month={point.month} data-state={point.state}>
              <Table.Th scope="row" fw={400}>{months[i].label}</Table.Th>
              <Table.Td ta="right" data-testid="trend-value">
                {point.state === 'shown' ? formatPercentage(point.percentage, language) : null}
                {point.state === 'shown' && point.leftOut > 0 ? (
                  <Text span size="xs" c="dimmed" display="block">{t('associationtotals.churchesLeftOut', { count: point.leftOut })}</Text>
                ) : null}
                {point.state === 'withheld' ? <FewerThanFive /> : null}
                {point.state === 'none' ? <Text span size="sm" c="dimmed">{t('associationtotals.noMarks')}</Text> : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The trend's card: loading, failure, a year without marks, or the trend. */
export function TrendSection({ year }: { year: string }) {
  const t = useT();
  const trend = trpc.association.trend.useQuery({ academic_year: year });
  const empty = trend.data && trend.data.association.length + trend.data.sections.length + trend.data.churches.length === 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="association-trend" data-testid="association-trend">
      <Stack gap="sm">
        <Title order={2} size="h4" id="association-trend">{t('associationtotals.trend.title')}</Title>
        {trend.isPending ? <TableSkeleton rows={3} label={t('associationtotals.trend.loading')} /> : null}
        {trend.isError ? <QueryErrorState query={trend} title={t('associationtotals.trend.loadFailed')} /> : null}
        {empty ? <Text c="dimmed" data-testid="trend-empty">{t('associationtotals.trend.empty')}</Text> : null}
        {trend.data && !empty ? <TrendView key={year} year={year} trend={trend.data} /> : null}
      </Stack>
    </Paper>
  );
}
