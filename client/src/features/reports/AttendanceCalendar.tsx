import { Group, Stack, Table, Text, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { monthRange } from '../../../../common/attendance';
import { MOBILE_BREAKPOINT_PX } from '../../../../common/constants';
import { addDays, dayOfWeek } from '../../../../common/dates';
import { QueryErrorState } from '../../components/ErrorState';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useLanguage, useT, type MessageId } from '../../lib/i18n';
import { weekdayNames } from '../../lib/months';
import { NoReportData, ReportSkeleton, type ReportSelection } from './MonthlySummary';
import './messages';

type CalendarRow = RouterOutputs['attendance']['calendar'][number];

const MOBILE_QUERY = `(max-width: ${em(MOBILE_BREAKPOINT_PX - 0.02)})`;

/** The weeks of a month, Sunday first; days of other months are null. */
function monthWeeks(year: number, month: number): (string | null)[][] {
  const { first, next } = monthRange(year, month);
  const cells: (string | null)[] = Array.from({ length: dayOfWeek(first) }, () => null);
  for (let day = first; day < next; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

function Count({ value, label: labelId, short, color, compact }: { value: number; label: MessageId; short: MessageId; color: string; compact: boolean }) {
  const t = useT();
  const label = t(labelId);
  return (
    <Text size="xs" c={color} fw={600} lh={1.3} style={{ whiteSpace: 'nowrap' }}>
      {compact ? <abbr title={label} style={{ textDecoration: 'none' }}>{t(short)}</abbr> : label} {value}
    </Text>
  );
}

function DayCell({ date, entry, compact }: { date: string; entry: CalendarRow | undefined; compact: boolean }) {
  const t = useT();
  const day = Number(date.slice(8, 10));
  return (
    <Table.Td
      data-date={date}
      data-has-data={entry ? 'true' : undefined}
      title={entry ? t('reports.dayCounts', { present: entry.present_count, absent: entry.absent_count }) : undefined}
      style={{
        verticalAlign: 'top',
        height: compact ? 58 : 84,
        padding: compact ? 4 : 8,
        background: entry ? 'var(--mantine-color-teal-light)' : undefined,
      }}
    >
      <Stack gap={2}>
        <Text size={compact ? 'xs' : 'sm'} fw={entry ? 700 : 400} c={entry ? undefined : 'dimmed'}>{day}</Text>
        {entry ? (
          <>
            <Count value={entry.present_count} label="reports.present" short="reports.presentShort" color="teal.9" compact={compact} />
            <Count value={entry.absent_count} label="reports.absent" short="reports.absentShort" color="red.8" compact={compact} />
          </>
        ) : null}
      </Stack>
    </Table.Td>
  );
}

/** Calendar View: the month as weeks of days; days with attendance show their present and absent counts. */
export function AttendanceCalendar({ classId, year, month, monthLabel }: ReportSelection) {
  const t = useT();
  const language = useLanguage();
  const calendar = trpc.attendance.calendar.useQuery({ classId, year, month });
  const compact = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });

  if (calendar.isPending) return <ReportSkeleton label="reports.loadingCalendar" />;
  if (calendar.isError) {
    return <QueryErrorState query={calendar} title={t('reports.loadReportFailed')} />;
  }
  if (calendar.data.length === 0) return <NoReportData monthLabel={monthLabel} />;

  const byDate = new Map(calendar.data.map((row) => [row.date, row]));
  return (
    <Stack gap="xs">
      <Table
        withTableBorder
        withColumnBorders
        layout="fixed"
        data-testid="attendance-calendar"
        aria-label={t('reports.calendarLabel', { month: monthLabel })}
      >
        <Table.Thead>
          <Table.Tr>
            {weekdayNames(language).map((name) => (
              <Table.Th key={name.full} ta="center" p={compact ? 4 : 8} fz="xs">
                <abbr title={name.full} style={{ textDecoration: 'none' }}>{compact ? name.narrow : name.short}</abbr>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {monthWeeks(year, month).map((week) => (
            <Table.Tr key={week.find(Boolean) ?? ''}>
              {week.map((date, i) => (date
                ? <DayCell key={date} date={date} entry={byDate.get(date)} compact={compact} />
                : <Table.Td key={`empty-${i}`} aria-hidden style={{ background: 'var(--mantine-color-default-hover)' }} />))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {compact ? (
        <Group gap="md">
          <Text size="xs" c="dimmed">{t('reports.presentLegend')}</Text>
          <Text size="xs" c="dimmed">{t('reports.absentLegend')}</Text>
        </Group>
      ) : null}
    </Stack>
  );
}
