import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { lazyScreen } from '../lib/lazy-screen';
import { registerServiceWorkerWhenIdle, subscribeAppUpdate, waitingAppUpdate } from '../lib/service-worker';

const UpdateBanner = lazyScreen(() => import('./UpdateBanner').then((m) => m.UpdateBanner));

/**
 * Registers the service worker after the first render, and offers a new version of the app when one
 * is waiting (lib/service-worker.ts). The banner's code is fetched only then. One in each area's
 * tree (the church area's, the console's), so it speaks that area's language.
 */
export function UpdatePrompt() {
  useEffect(registerServiceWorkerWhenIdle, []);
  const update = useSyncExternalStore(subscribeAppUpdate, waitingAppUpdate, waitingAppUpdate);
  if (!update) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBanner onReload={update} />
    </Suspense>
  );
}
