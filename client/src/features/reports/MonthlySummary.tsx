import { Badge, Skeleton, Stack, Table, Text, VisuallyHidden, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '../../../../common/constants';
import { QueryErrorState } from '../../components/ErrorState';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useLanguage, useT, type MessageId } from '../../lib/i18n';
import { formatPercentage, percentageColor } from '../../lib/percentage';
import './messages';

type MonthlyRow = RouterOutputs['attendance']['monthly'][number];

export interface ReportSelection {
  classId: string;
  year: number;
  month: number;
  /** 'November 2026', in the page's language */
  monthLabel: string;
}

const MOBILE_QUERY = `(max-width: ${em(MOBILE_BREAKPOINT_PX - 0.02)})`;

export function ReportSkeleton({ label }: { label: MessageId }) {
  const t = useT();
  return (
    <Stack gap="xs" aria-busy="true" aria-label={t(label)}>
      {Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={34} />)}
    </Stack>
  );
}

export function NoReportData({ monthLabel }: { monthLabel: string }) {
  const t = useT();
  return <Text c="dimmed" py="md" data-testid="report-empty">{t('reports.noData', { month: monthLabel })}</Text>;
}

/** A column heading, shortened on a phone (the full text stays for screen readers). */
function Heading({ full: fullId, short: shortId, compact }: { full: MessageId; short: MessageId; compact: boolean }) {
  const t = useT();
  const full = t(fullId);
  if (!compact) return full;
  return (
    <>
      <VisuallyHidden>{full}</VisuallyHidden>
      <abbr title={full} aria-hidden style={{ textDecoration: 'none' }}>{t(shortId)}</abbr>
    </>
  );
}

function Percentage({ row, compact }: { row: MonthlyRow; compact: boolean }) {
  const t = useT();
  const language = useLanguage();
  if (row.percentage === null) return <Text span c="dimmed" aria-label={t('reports.noDaysMarked')}>–</Text>;
  return (
    <Badge
      color={percentageColor(row.percentage)}
      variant="light"
      size={compact ? 'md' : 'lg'}
      radius="sm"
      px={compact ? 4 : undefined}
      style={{ textTransform: 'none' }}
    >
      {formatPercentage(row.percentage, language)}
    </Badge>
  );
}

/** Monthly Summary: per student present, absent and total days and the percentage present. */
export function MonthlySummary({ classId, year, month, monthLabel }: ReportSelection) {
  const t = useT();
  const report = trpc.attendance.monthly.useQuery({ classId, year, month });
  const compact = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });

  if (report.isPending) return <ReportSkeleton label="reports.loadingSummary" />;
  if (report.isError) {
    return <QueryErrorState query={report} title={t('reports.loadReportFailed')} />;
  }
  if (report.data.length === 0) return <NoReportData monthLabel={monthLabel} />;

  const numeric = { ta: 'right' as const, style: { fontVariantNumeric: 'tabular-nums' } };
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={compact ? 300 : 560}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          horizontalSpacing={compact ? 6 : 'md'}
          fz={compact ? 'xs' : 'sm'}
          data-testid="monthly-summary"
          aria-label={t('reports.summaryLabel', { month: monthLabel })}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th {...numeric}><Heading full="reports.rollNo" short="reports.rollNoShort" compact={compact} /></Table.Th>
              <Table.Th>{t('reports.student')}</Table.Th>
              <Table.Th {...numeric}><Heading full="reports.present" short="reports.presentShort" compact={compact} /></Table.Th>
              <Table.Th {...numeric}><Heading full="reports.absent" short="reports.absentShort" compact={compact} /></Table.Th>
              <Table.Th {...numeric}><Heading full="reports.totalDays" short="reports.totalDaysShort" compact={compact} /></Table.Th>
              <Table.Th ta="right"><Heading full="reports.percentage" short="reports.percentageShort" compact={compact} /></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.data.map((row) => (
              <Table.Tr key={row.student_id}>
                <Table.Td {...numeric}>{row.roll_number}</Table.Td>
                <Table.Td>{row.roll_number === null ? <Text span c="dimmed" size="sm">{t('reports.erasedChild')}</Text> : row.student_name}</Table.Td>
                <Table.Td {...numeric}>{row.present_days}</Table.Td>
                <Table.Td {...numeric}>{row.absent_days}</Table.Td>
                <Table.Td {...numeric}>{row.total_days}</Table.Td>
                <Table.Td ta="right"><Percentage row={row} compact={compact} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {compact ? <Text size="xs" c="dimmed">{t('reports.summaryLegend')}</Text> : null}
    </Stack>
  );
}
