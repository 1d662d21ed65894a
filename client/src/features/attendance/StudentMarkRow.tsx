import { memo } from 'react';
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
  return (
    <li className={classes.row} data-testid="attendance-row" data-status={status}>
      <span className={classes.student}>
        <span className={classes.rollNumber}><span className={classes.hidden}>Roll number </span>{rollNumber}</span>
        <span className={classes.name} data-testid="student-name">{name}</span>
      </span>
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
    </li>
  );
});
