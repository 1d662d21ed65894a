import { memo } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import type { AttendanceStatus } from '../../../../common/constants';
import classes from './StudentMarkRow.module.css';

const STATUS_OPTIONS = [
  { value: 'present', label: 'Present', className: classes.present },
  { value: 'absent', label: 'Absent', className: classes.absent },
] as const;

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
        <div role="radiogroup" aria-label={`Attendance of ${name}`} className={classes.switch}>
          {STATUS_OPTIONS.map((option) => (
            <label key={option.value} className={`${classes.option} ${option.className}`}>
              <input
                type="radio"
                className={classes.input}
                name={`attendance-${studentId}`}
                value={option.value}
                checked={status === option.value}
                disabled={disabled}
                onChange={() => onChange(studentId, option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </Group>
    </Paper>
  );
});
