import { memo } from 'react';
import type { AttendanceStatus } from '../../../../common/constants';
import type { useT } from '../../lib/i18n';
import classes from './StudentMarkRow.module.css';

const STATUS_OPTIONS = [
  { value: 'present', label: 'attendance.present', className: classes.present },
  { value: 'absent', label: 'attendance.absent', className: classes.absent },
] as const;

interface StudentMarkRowProps {
  studentId: string;
  name: string;
  rollNumber: number;
  status: AttendanceStatus;
  disabled: boolean;
  onChange: (studentId: string, status: AttendanceStatus) => void;
  /** The page's translator, given by the list: a row renders again when the language changes. */
  t: ReturnType<typeof useT>;
}

/** One student with a large present/absent switch, easy to hit with a thumb. */
export const StudentMarkRow = memo(function StudentMarkRow({
  studentId, name, rollNumber, status, disabled, onChange, t,
}: StudentMarkRowProps) {
  return (
    <li className={classes.row} data-testid="attendance-row" data-status={status}>
      <span className={classes.student}>
        <span className={classes.rollNumber}><span className={classes.hidden}>{t('attendance.rollNumber')} </span>{rollNumber}</span>
        <span className={classes.name} data-testid="student-name">{name}</span>
      </span>
      <div role="radiogroup" aria-label={t('attendance.attendanceOf', { name })} className={classes.switch}>
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
            {t(option.label)}
          </label>
        ))}
      </div>
    </li>
  );
});
