import { Alert, Text } from '@mantine/core';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useLanguage, useT } from '../../lib/i18n';
import { formatMomentIn } from '../../lib/format';
import { useOffline, useSendingCount, useLastSyncAt } from '../offline-marks';
import './messages';

interface OfflineStatusProps {
  owner: string;
  /** The owner's marks on this device not yet answered by the server. */
  unsent: number;
}

/**
 * What the device holds for the server: offline, how many marks wait on this phone; online, those
 * being sent; and when marks last reached the server.
 */
export function OfflineStatus({ owner, unsent }: OfflineStatusProps) {
  const t = useT();
  const locale = useLanguage();
  const offline = useOffline();
  const sending = useSendingCount();
  const lastSyncAt = useLastSyncAt(owner);

  let status: string | null = null;
  if (offline) status = unsent > 0 ? t('attendance.offlineWaiting', { count: unsent }) : t('attendance.offlineNothingWaiting');
  else if (sending > 0) status = t('attendance.sending', { count: sending });
  else if (unsent > 0) status = t('attendance.waiting', { count: unsent });

  return (
    <>
      {status ? (
        <Alert
          color={offline ? 'yellow' : 'blue'}
          variant="light"
          icon={offline ? <IconCloudOff size={18} /> : <IconCloudUpload size={18} />}
          role="status"
          py="xs"
          data-testid="offline-status"
        >
          {status}
        </Alert>
      ) : null}
      {lastSyncAt !== null ? (
        <Text size="sm" c="dimmed" data-testid="last-sync">
          {t('attendance.lastSent', { time: formatMomentIn(locale, lastSyncAt) })}
        </Text>
      ) : null}
    </>
  );
}
