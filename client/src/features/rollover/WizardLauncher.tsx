import { lazy } from 'react';
import { Loader } from '@mantine/core';
import { ScreenBoundary } from '../../components/ScreenBoundary';
import { useT } from '../../lib/i18n';
import type { Proposal } from './plan';
import './messages';

/** The wizard, fetched when first opened (most visits to Configuration or Classes never open it); a
 * failed fetch shows its error with a reload where it was opened. */
const RolloverWizard = lazy(() => import('./RolloverWizard').then((m) => ({ default: m.RolloverWizard })));

/** The rollover wizard of an offered proposal, as the Configuration card and the Classes screen open it. */
export function WizardLauncher({ proposal, onClose }: { proposal: Proposal; onClose: () => void }) {
  const t = useT();
  return (
    <ScreenBoundary fallback={<Loader size="sm" mt="sm" aria-label={t('configuration.rollover.opening')} />}>
      <RolloverWizard proposal={proposal} onClose={onClose} />
    </ScreenBoundary>
  );
}
