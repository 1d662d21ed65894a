import { memo } from 'react';
import { Group, Paper, SegmentedControl, Text } from '@mantine/core';
import type { AttendanceStatus } from '../../../../common/constants';

const STATUS_OPTIONS = [
  { value: 'present', label: 'Present' },
  { value: 'absent', label: 'Absent' },
];

interface StudentMarkRowProps {
  studentId: string;
  name: string;
  rollNumber: number;
  status: AttendanceStatus;
  disabled: boolean;
  onChange: (studentId: string, status: AttendanceStatus) => void;
}

/** One student with a large present/absent switch, easy to hit with a thumb. */
export const StudentMarkRow = memo(function StudentMarkRow({
  studentId, name, rollNumber, status, disabled, onChange,
}: StudentMarkRowProps) {
  const absent = status === 'absent';
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      pl="sm"
      radius="md"
      bg={absent ? 'var(--mantine-color-red-light)' : undefined}
      data-testid="attendance-row"
      data-status={status}
      style={{ listStyle: 'none' }}
    >
      <Group wrap="nowrap" justify="space-between" gap="sm">
        <Group wrap="nowrap" gap="sm" miw={0}>
          <Text
            fw={700}
            c="dimmed"
            miw={22}
            ta="right"
            aria-label={`Roll number ${rollNumber}`}
            style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
          >
            {rollNumber}
          </Text>
          <Text fw={500} lineClamp={2} style={{ overflowWrap: 'anywhere' }} data-testid="student-name">{name}</Text>
        </Group>
        <SegmentedControl
          aria-label={`Attendance of ${name}`}
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => onChange(studentId, value as AttendanceStatus)}
          color={absent ? 'red' : 'teal'}
          size="md"
          radius="md"
          disabled={disabled}
          style={{ flexShrink: 0 }}
          styles={{
            label: {
              minHeight: 44,
              paddingInline: 'var(--mantine-spacing-sm)',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            },
          }}
        />
      </Group>
    </Paper>
  );
});
