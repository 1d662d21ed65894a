import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { QueryErrorState } from '../../components/ErrorState';
import { classLabel } from '../../lib/class-label';
import { useLanguage, useT, type MessageId } from '../../lib/i18n';
import { formatPercentage, percentageColor } from '../../lib/percentage';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Section } from './page-parts';
import './messages';

type HistoryYear = RouterOutputs['students']['history']['years'][number];
type Division = NonNullable<HistoryYear['result']>['division'];

const DIVISIONS: Record<Division, MessageId> = {
  distinction: 'safety.division.distinction',
  first_class: 'safety.division.first_class',
  second_class: 'safety.division.second_class',
  pass: 'safety.division.pass',
  fail: 'safety.division.fail',
};

/**
 * The child's academic years, newest first: the class and roll number of each year, the marks of
 * that year (a child moved within a year counts every mark of it, under whichever class) and, once
 * the year's exams are published, its final result (percentage, division, rank in the class). One
 * line per year that wraps on a phone rather than a table that would scroll.
 */
export function HistorySection({ studentId }: { studentId: string }) {
  const t = useT();
  const history = trpc.students.history.useQuery({ id: studentId });
  const title = t('safety.history');

  let body;
  if (history.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t('safety.historyLoading')}>
        <Skeleton height={44} radius="sm" />
        <Skeleton height={44} radius="sm" />
      </Stack>
    );
  } else if (history.isError) {
    body = <QueryErrorState query={history} title={t('safety.historyLoadFailed')} fallback={t('safety.unreachable')} />;
  } else if (history.data.years.every((year) => year.total === 0 && year.result === null)) {
    // Every child has at least their current enrolment; with no mark and no result in any year there is nothing to show.
    body = <Text c="dimmed" data-testid="history-empty">{t('safety.noAttendance')}</Text>;
  } else {
    body = (
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {history.data.years.map((year) => <YearRow key={year.academic_year} year={year} />)}
      </Stack>
    );
  }
  return <Section title={title} testId="card-history">{body}</Section>;
}

function YearRow({ year }: { year: HistoryYear }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Group component="li" justify="space-between" align="center" gap="xs" wrap="wrap" py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} data-testid="history-year">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>{year.academic_year}</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {classLabel({ class_name: year.class_name, section: year.section })} · {t('safety.rollNumber', { number: year.roll_number })}
        </Text>
      </Stack>
      <Stack gap={2} align="flex-end" style={{ minWidth: 0, marginInlineStart: 'auto' }}>
        {year.percentage === null ? <Text size="sm" c="dimmed">{t('safety.noAttendance')}</Text> : (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm">{t('safety.daysPresent', { present: year.present, total: year.total })}</Text>
            <Badge color={percentageColor(year.percentage)} variant="light" radius="sm" style={{ textTransform: 'none' }}>
              {formatPercentage(year.percentage, language)}
            </Badge>
          </Group>
        )}
        {year.result ? (
          <Text size="sm" fw={500} c={year.result.division === 'fail' ? 'red.8' : undefined} ta="end" style={{ overflowWrap: 'anywhere' }}
            data-testid="history-result">
            {t('safety.yearResult', {
              percentage: formatPercentage(year.result.percentage, language), division: t(DIVISIONS[year.result.division]), rank: year.result.rank,
            })}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
