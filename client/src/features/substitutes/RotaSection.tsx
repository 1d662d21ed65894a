import { ActionIcon, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { RouterOutputs } from '../../lib/api-types';
import { QueryErrorState } from '../../components/ErrorState';
import { classLabel } from '../../lib/class-label';
import { formatCalendarDateIn } from '../../lib/format';
import { formatDateIn } from '../../lib/months';
import { useLanguage, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import './messages';

type Cell = RouterOutputs['substitutes']['rota']['days'][number]['cells'][number];

/** One cell: the teacher, "Substitute: Anu", or "Absent, no substitute" in the warning colour. */
function RotaCell({ cell }: { cell: Cell }) {
  const t = useT();
  if (cell.kind === 'substitute') {
    return <Text size="sm" c="blue.8" fw={600} data-testid="rota-substitute">{t('substitutes.rota.substitute', { name: cell.name ?? '' })}</Text>;
  }
  if (cell.kind === 'uncovered') {
    return <Text size="sm" c="orange.9" fw={600} data-testid="rota-uncovered">{t('substitutes.rota.uncovered')}</Text>;
  }
  return <Text size="sm" c={cell.name ? undefined : 'dimmed'}>{cell.name ?? t('substitutes.rota.noTeacher')}</Text>;
}

/** The month's rota: a row per class day, a column per class (the table scrolls sideways on a phone). */
export function RotaSection({ month, onMonth }: { month: { year: number; month: number }; onMonth: (m: { year: number; month: number }) => void }) {
  const t = useT();
  const locale = useLanguage();
  const rota = trpc.substitutes.rota.useQuery(month);
  const shift = (by: number) => {
    const index = month.year * 12 + (month.month - 1) + by;
    onMonth({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  };
  const monthName = formatDateIn(locale, `${month.year}-${String(month.month).padStart(2, '0')}-01`, { month: 'long', year: 'numeric' });
  return (
    <Stack gap="sm" component="section" aria-labelledby="rota-title">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="rota-title">{t('substitutes.rota.title')}</Title>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label={t('substitutes.rota.previous')} onClick={() => shift(-1)}><IconChevronLeft size={18} /></ActionIcon>
          <Text fw={600} miw={120} ta="center" data-testid="rota-month">{monthName}</Text>
          <ActionIcon variant="default" size="lg" aria-label={t('substitutes.rota.next')} onClick={() => shift(1)}><IconChevronRight size={18} /></ActionIcon>
        </Group>
      </Group>
      {rota.isPending ? (
        <Group gap="xs"><Loader size="sm" /><Text size="sm">{t('substitutes.rota.loading')}</Text></Group>
      ) : rota.isError ? (
        <QueryErrorState query={rota} title={t('substitutes.rota.loadFailed')} />
      ) : rota.data.days.length === 0 || rota.data.classes.length === 0 ? (
        <Text c="dimmed" data-testid="rota-empty">{t('substitutes.rota.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={Math.max(320, 140 + rota.data.classes.length * 150)} type="native">
          <Table striped withTableBorder data-testid="rota">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('substitutes.rota.date')}</Table.Th>
                {rota.data.classes.map((c) => <Table.Th key={c.id}>{classLabel(c)}</Table.Th>)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rota.data.days.map((day) => (
                <Table.Tr key={day.date} data-date={day.date} fw={day.date === rota.data.today ? 700 : undefined}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDateIn(locale, day.date)}</Table.Td>
                  {day.cells.map((cell, i) => <Table.Td key={rota.data.classes[i].id}><RotaCell cell={cell} /></Table.Td>)}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
