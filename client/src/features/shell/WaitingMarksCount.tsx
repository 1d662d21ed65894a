import { IconCloudUpload } from '@tabler/icons-react';
import { formatCount } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { pendingCount, useKeptExamSaves, useUnsentMarks, waitingExamMarks } from '../offline-marks';
import classes from './WaitingMarksCount.module.css';

/** The header's count of the owner's marks kept on this device and not yet sent (nothing when none):
 * the roll-call changes among them (`pendingCount`) and the exam marks of the mark lists saved here
 * (each cell of a kept save, as the sign-out's warning counts them). */
export function WaitingMarksCount({ owner }: { owner: string }) {
  const t = useT();
  const count = pendingCount(useUnsentMarks(owner).value ?? []) + waitingExamMarks(useKeptExamSaves(owner) ?? []);
  if (count === 0) return null;
  const label = t('common.waitingMarks', { count });
  return (
    <span className={classes.count} role="status" aria-label={label} title={label} data-testid="waiting-marks">
      <IconCloudUpload size={16} stroke={1.8} aria-hidden />
      <span aria-hidden>{formatCount(count)}</span>
    </span>
  );
}
