import { useSyncExternalStore } from 'react';

/**
 * Whether taps go to the device's queue instead of waiting for Save: offline when the browser says
 * so (navigator.onLine false) or when a call has just failed for lack of network, which a phone on a
 * weak signal often reports as online. The failure counts until the `online` event or an answer of
 * the server says the network works again.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
const failureListeners = new Set<Listener>();
let networkFailed = false;

function emit() {
  for (const listener of listeners) listener();
}

export const isOffline = () => (typeof navigator !== 'undefined' && !navigator.onLine) || networkFailed;

/** A call got no answer (no network, or no server behind it). */
export function reportNetworkFailure() {
  for (const listener of failureListeners) listener();
  if (networkFailed) return;
  networkFailed = true;
  emit();
}

/** Told of every call that got no answer. */
export function onNetworkFailure(listener: Listener) {
  failureListeners.add(listener);
  return () => {
    failureListeners.delete(listener);
  };
}

/** The server answered, or the browser is online again. */
export function reportNetworkWorks() {
  if (!networkFailed) return;
  networkFailed = false;
  emit();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

if (typeof window !== 'undefined') window.addEventListener('online', reportNetworkWorks);

/** Whether the page is offline now, as a React value. */
export const useOffline = () => useSyncExternalStore(subscribe, isOffline, () => false);
