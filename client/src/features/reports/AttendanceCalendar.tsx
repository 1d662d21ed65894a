import { Group, Stack, Table, Text, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { monthRange } from '../../../../common/attendance';
import { MOBILE_BREAKPOINT_PX } from '../../../../common/constants';
import { addDays, dayOfWeek } from '../../../../common/dates';
import { QueryErrorState } from '../../components/ErrorState';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { NoReportData, ReportSkeleton, type ReportSelection } from './MonthlySummary';
import { REPORT_TEXTS } from './texts';

type CalendarRow = RouterOutputs['attendance']['calendar'][number];

const MOBILE_QUERY = `(max-width: ${em(MOBILE_BREAKPOINT_PX - 0.02)})`;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The weeks of a month, Sunday first; days of other months are null. */
function monthWeeks(year: number, month: number): (string | null)[][] {
  const { first, next } = monthRange(year, month);
  const cells: (string | null)[] = Array.from({ length: dayOfWeek(first) }, () => null);
  for (let day = first; day < next; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

function Count({ value, label, short, color, compact }: { value: number; label: string; short: string; color: string; compact: boolean }) {
  return (
    <Text size="xs" c={color} fw={600} lh={1.3} style={{ whiteSpace: 'nowrap' }}>
      {compact ? <abbr title={label} style={{ textDecoration: 'none' }}>{short}</abbr> : label} {value}
    </Text>
  );
}

function DayCell({ date, entry, compact }: { date: string; entry: CalendarRow | undefined; compact: boolean }) {
  const day = Number(date.slice(8, 10));
  return (
    <Table.Td
      data-date={date}
      data-has-data={entry ? 'true' : undefined}
      title={entry ? `${entry.present_count} present, ${entry.absent_count} absent` : undefined}
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
            <Count value={entry.present_count} label="Present" short="P" color="teal.9" compact={compact} />
            <Count value={entry.absent_count} label="Absent" short="A" color="red.8" compact={compact} />
          </>
        ) : null}
      </Stack>
    </Table.Td>
  );
}

/** Calendar View: the month as weeks of days; days with attendance show their present and absent counts. */
export function AttendanceCalendar({ classId, year, month, monthLabel }: ReportSelection) {
  const calendar = trpc.attendance.calendar.useQuery({ classId, year, month });
  const compact = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });

  if (calendar.isPending) return <ReportSkeleton label="Loading calendar" />;
  if (calendar.isError) {
    return <QueryErrorState query={calendar} title={REPORT_TEXTS.loadReportFailed} />;
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
        aria-label={`Attendance calendar, ${monthLabel}`}
      >
        <Table.Thead>
          <Table.Tr>
            {WEEKDAYS.map((name) => (
              <Table.Th key={name} ta="center" p={compact ? 4 : 8} fz="xs">
                <abbr title={name} style={{ textDecoration: 'none' }}>{compact ? name.slice(0, 1) : name.slice(0, 3)}</abbr>
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
          <Text size="xs" c="dimmed">P = present</Text>
          <Text size="xs" c="dimmed">A = absent</Text>
        </Group>
      ) : null}
    </Stack>
  );
}
