import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatCount } from '../../lib/format';
import { useT, type MessageId } from '../../lib/i18n';

export interface RolloverTotals {
  classes_created: number;
  children_moved: number;
  held_back: number;
  leaving: number;
}

const FIGURES: Array<{ key: keyof RolloverTotals; label: MessageId }> = [
  { key: 'classes_created', label: 'configuration.rollover.totalClasses' },
  { key: 'children_moved', label: 'configuration.rollover.totalMoved' },
  { key: 'held_back', label: 'configuration.rollover.totalHeld' },
  { key: 'leaving', label: 'configuration.rollover.totalLeaving' },
];

/** What a rollover does (or did), in four figures: two columns on a phone, four on a wider screen. */
export function Totals({ totals }: { totals: RolloverTotals }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="rollover-totals">
      {FIGURES.map(({ key, label }) => (
        <Paper key={key} withBorder p="sm" radius="md" data-total={key}>
          <Text size="xl" fw={700}>{formatCount(totals[key])}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{t(label)}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
