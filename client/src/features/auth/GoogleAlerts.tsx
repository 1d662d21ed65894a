import { Alert } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { MESSAGES } from '../../../../common/constants';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { isGoogleNotConfigured } from './google-flow';
import './messages';

/**
 * Why a Google sign-in or registration did not go ahead, on the screen that offers it: the start
 * call's failure (not configured is information, anything else an error) and the message the
 * callback screen sent back (a cancelled consent, a refused account).
 */
export function GoogleAlerts({ startError, returned }: { startError: unknown; returned: string | null }) {
  const t = useT();
  return (
    <>
      {startError && isGoogleNotConfigured(startError) ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} role="status">
          {localized(t, serverMessage(startError, MESSAGES.googleNotConfigured))}
        </Alert>
      ) : null}
      {startError && !isGoogleNotConfigured(startError) ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {localized(t, serverMessage(startError, MESSAGES.googleFailedFallback))}
        </Alert>
      ) : null}
      {returned ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{localized(t, returned)}</Alert>
      ) : null}
    </>
  );
}
