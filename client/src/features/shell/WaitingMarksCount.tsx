import { IconCloudUpload } from '@tabler/icons-react';
import { formatCount } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { pendingCount, useUnsentMarks } from '../offline-marks';
import classes from './WaitingMarksCount.module.css';

/** The header's count of the owner's marks kept on this device and not yet sent, the changes among them
 * (`pendingCount`; nothing when none). */
export function WaitingMarksCount({ owner }: { owner: string }) {
  const t = useT();
  const count = pendingCount(useUnsentMarks(owner).value ?? []);
  if (count === 0) return null;
  const label = t('common.waitingMarks', { count });
  return (
    <span className={classes.count} role="status" aria-label={label} title={label} data-testid="waiting-marks">
      <IconCloudUpload size={16} stroke={1.8} aria-hidden />
      <span aria-hidden>{formatCount(count)}</span>
    </span>
  );
}
