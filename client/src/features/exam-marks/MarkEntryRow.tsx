import { memo } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { useT } from '../../lib/i18n';
import type { PaperOfList } from './cells';

interface RowCell { paper: PaperOfList; text: string; problem: string | null }

interface MarkEntryRowProps {
  studentId: string;
  name: string;
  rollNumber: number;
  active: boolean;
  cells: RowCell[];
  remark: string;
  readOnly: boolean;
  onCell: (studentId: string, paperId: string, text: string) => void;
  onRemark: (studentId: string, text: string) => void;
  t: ReturnType<typeof useT>;
}

/**
 * One child of the mark list: roll number and name (on a line of their own, so a long Malayalam name
 * wraps and keeps its room), a box per paper that opens the numeric keypad (`inputMode="decimal"`)
 * with an AB switch beside it (the keypad has no letters; typing AB works too), and the remark.
 */
export const MarkEntryRow = memo(function MarkEntryRow({
  studentId, name, rollNumber, active, cells, remark, readOnly, onCell, onRemark, t,
}: MarkEntryRowProps) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }} data-testid="exam-mark-row" data-roll={rollNumber}>
      <Group gap="xs" wrap="nowrap" align="baseline" mb="xs">
        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>{t('exammarks.rollNumber', { number: rollNumber })}</Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{name}</Text>
        {active ? null : <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>{t('exammarks.left')}</Badge>}
      </Group>
      <SimpleGrid cols={{ base: cells.length > 1 ? 2 : 1, sm: Math.min(cells.length, 3) }} spacing="xs" verticalSpacing="xs">
        {cells.map(({ paper, text, problem }) => {
          const absent = text.trim().toUpperCase() === 'AB';
          return (
            <TextInput
              key={paper.id}
              label={cells.length > 1 ? paper.name : undefined}
              aria-label={t('exammarks.marksOf', { paper: paper.name, name })}
              inputMode="decimal"
              autoComplete="off"
              enterKeyHint="next"
              value={text}
              readOnly={readOnly}
              error={problem}
              onChange={(event) => onCell(studentId, paper.id, event.currentTarget.value)}
              rightSectionWidth={52}
              rightSection={readOnly ? null : (
                <Button
                  size="compact-sm"
                  variant={absent ? 'filled' : 'light'}
                  color={absent ? 'orange' : 'gray'}
                  aria-pressed={absent}
                  aria-label={t('exammarks.absentOf', { name, paper: paper.name })}
                  onClick={() => onCell(studentId, paper.id, absent ? '' : 'AB')}
                >
                  {t('exammarks.ab')}
                </Button>
              )}
              styles={{ input: { fontSize: 18 } }}
              data-testid="exam-mark-input"
            />
          );
        })}
      </SimpleGrid>
      <TextInput
        mt="xs"
        size="sm"
        placeholder={t('exammarks.remark')}
        aria-label={t('exammarks.remarkOf', { name })}
        value={remark}
        readOnly={readOnly}
        maxLength={500}
        onChange={(event) => onRemark(studentId, event.currentTarget.value)}
      />
    </Paper>
  );
});
