import { IconRefresh, IconX } from '@tabler/icons-react';
import { useT } from '../lib/i18n';
import { dismissAppUpdate } from '../lib/service-worker';
import classes from './UpdateBanner.module.css';

/**
 * The offer of a new version of the app, fixed at the top of the page over whatever screen is shown
 * (at the bottom it would hide Mark Attendance's save bar). Reload activates the waiting version and
 * reloads; the cross hides the offer until the next page load.
 */
export function UpdateBanner({ onReload }: { onReload: () => void }) {
  const t = useT();
  return (
    <div className={classes.banner} role="status">
      <p className={classes.text}>{t('common.updateReady')}</p>
      <button type="button" className={classes.reload} onClick={onReload}>
        <IconRefresh size={16} aria-hidden />
        {t('common.reload')}
      </button>
      <button type="button" className={classes.dismiss} onClick={dismissAppUpdate} aria-label={t('common.dismiss')}>
        <IconX size={18} aria-hidden />
      </button>
    </div>
  );
}
