import { memo } from 'react';
import { Link } from 'react-router-dom';
import { IconCloudUpload, IconFirstAidKit, IconShieldX } from '@tabler/icons-react';
import type { AttendanceStatus } from '../../../../common/constants';
import type { useT } from '../../lib/i18n';
import { safetyCardPath } from '../safety-card';
import classes from './StudentMarkRow.module.css';

const STATUS_OPTIONS = [
  { value: 'present', label: 'attendance.present', className: classes.present },
  { value: 'absent', label: 'attendance.absent', className: classes.absent },
] as const;

interface StudentMarkRowProps {
  studentId: string;
  name: string;
  rollNumber: number;
  /** An allergy or medical note is recorded: the red badge (from the roster itself, so it shows offline too). */
  hasMedicalNote: boolean;
  /** No enrolment consent in force: a badge for the staff (the child may still be marked present); from
   * the roster itself, so it shows offline too. */
  consentMissing: boolean;
  status: AttendanceStatus;
  /** Shown present only because nothing is stored, tapped or waiting for the child: drawn as a default, not a mark. */
  provisional: boolean;
  /** The child's changed mark waits on this phone to be sent: a small sign after the name. */
  pending: boolean;
  disabled: boolean;
  onChange: (studentId: string, status: AttendanceStatus) => void;
  /** The page's translator, given by the list: a row renders again when the language changes. */
  t: ReturnType<typeof useT>;
}

/** One student with a large present/absent switch, easy to hit with a thumb; the name opens the
 * child's safety card, a small red badge marks a child with an allergy or medical note, and an
 * outlined one a child without enrolment consent. */
export const StudentMarkRow = memo(function StudentMarkRow({
  studentId, name, rollNumber, hasMedicalNote, consentMissing, status, provisional, pending, disabled, onChange, t,
}: StudentMarkRowProps) {
  return (
    <li className={classes.row} data-testid="attendance-row" data-status={status} data-provisional={provisional || undefined} data-pending={pending || undefined}>
      <span className={classes.student}>
        <span className={classes.rollNumber}><span className={classes.hidden}>{t('attendance.rollNumber')} </span>{rollNumber}</span>
        <Link to={safetyCardPath(studentId)} className={classes.name} data-testid="student-name" title={t('attendance.openCard', { name })}>
          {name}
        </Link>
        {hasMedicalNote ? (
          <span className={classes.medical} role="img" aria-label={t('attendance.medicalNote')} title={t('attendance.medicalNote')} data-testid="medical-badge">
            <IconFirstAidKit size={14} stroke={2.2} aria-hidden />
          </span>
        ) : null}
        {consentMissing ? (
          <span className={classes.consent} role="img" aria-label={t('attendance.consentMissing')} title={t('attendance.consentMissing')} data-testid="consent-missing-badge">
            <IconShieldX size={14} stroke={2.2} aria-hidden />
          </span>
        ) : null}
        {pending ? (
          <span className={classes.pending} role="img" aria-label={t('attendance.markPending')} title={t('attendance.markPending')} data-testid="pending-mark">
            <IconCloudUpload size={14} stroke={2.2} aria-hidden />
          </span>
        ) : null}
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
