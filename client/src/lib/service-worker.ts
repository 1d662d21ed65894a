/**
 * The service worker (made by the build, scripts/vite-pwa.ts): registered once the first screen is
 * drawn and the page is idle, so the first load neither waits for it nor downloads its code
 * (workbox-window comes with it, in chunks of their own).
 *
 * A new version of the app installs beside the running one and waits: the page offers it
 * ("A new version is ready: reload", components/UpdatePrompt.tsx), and only when the user accepts
 * does the new worker take over and the page reload. The device's data (IndexedDB, localStorage)
 * is not the worker's and stays as it is.
 */

/** Activates the waiting version (the page then reloads in it). */
type ApplyUpdate = () => void;

let waitingUpdate: ApplyUpdate | undefined;
const listeners = new Set<() => void>();

function setWaitingUpdate(update: ApplyUpdate | undefined) {
  waitingUpdate = update;
  for (const listener of listeners) listener();
}

/** The waiting version's activation, while one is waiting and not dismissed (an external store). */
export const waitingAppUpdate = () => waitingUpdate;

export function subscribeAppUpdate(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** "Not now": the offer goes away until the next page load, which finds the version still waiting. */
export const dismissAppUpdate = () => setWaitingUpdate(undefined);

let reloadsOnNewController = false;

/**
 * Once a new version is offered, the page reloads as soon as a new worker takes control of it: after
 * Reload here, or after Reload in another tab of the app (the page must not go on under a worker
 * whose precache no longer holds its scripts).
 */
function reloadOnNewController() {
  if (reloadsOnNewController) return;
  reloadsOnNewController = true;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload());
}

/** How long Reload waits for the new worker to take over before it reloads the page itself. */
const TAKE_OVER_WAIT_MS = 3000;

/**
 * Reload always reloads: should the new version not take over (another tab activated it first, or
 * the browser dropped the message), the page reloads anyway after a moment, and a version still
 * waiting is offered again there.
 */
function reloadIfNotTakenOver() {
  setTimeout(() => window.location.reload(), TAKE_OVER_WAIT_MS);
}

let registering = false;

/** Registers the worker once (later calls do nothing); does nothing where there are no service workers. */
function registerServiceWorker() {
  if (registering || !('serviceWorker' in navigator)) return;
  registering = true;
  import('virtual:pwa-register')
    .then(({ registerSW }) => {
      const updateServiceWorker = registerSW({
        // Called for a version found while this page is open and for one already waiting at load.
        onNeedRefresh: () => {
          reloadOnNewController();
          setWaitingUpdate(() => {
            void updateServiceWorker();
            reloadIfNotTakenOver();
          });
        },
        // vite-plugin-pwa reloads only a page that was controlled when it registered; the page that
        // installed the first worker must reload too: reloadOnNewController does it for both.
        onNeedReload: () => undefined,
      });
    })
    // Offline before the chunk arrived, or storage refused: the page works as before, without offline.
    .catch(() => {
      registering = false;
    });
}

/** Registers the worker when the page is next idle (at the latest a few seconds from now). */
export function registerServiceWorkerWhenIdle() {
  if ('requestIdleCallback' in window) requestIdleCallback(registerServiceWorker, { timeout: 5000 });
  else setTimeout(registerServiceWorker, 1000);
}
