import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeviceMark, RefusedMark } from '../../lib/offline/device-db';
import { lastSyncAt, refusedMarks, unsentMarks } from './mark-queue';
import { onMarksChanged } from './queue-events';

const NO_MARKS: readonly never[] = [];

/**
 * A value read from the device's marks, read again whenever they change (in this tab or another).
 * `value` is undefined until the first read for this `key` has answered (`fallback` when the device
 * database cannot be read, e.g. an old browser's private window); an answer never replaces that of a
 * read started later. `setLocally` shows a change at once, before its write has finished:
 * reads started before it are then ignored, and the read that follows the write confirms it.
 */
function useDeviceValue<T>(key: string | null, read: () => Promise<T>, fallback: T) {
  const [state, setState] = useState<{ key: string | null; value: T | undefined; seq: number }>({ key: null, value: undefined, seq: 0 });
  const seq = useRef(0);
  const staleBefore = useRef(0);
  const reader = useRef(read);
  reader.current = read;
  const fallbackValue = useRef(fallback);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    const load = () => {
      const started = ++seq.current;
      const settle = (value: T) => {
        if (!live || started < staleBefore.current) return;
        setState((previous) => (previous.key === key && previous.seq > started ? previous : { key, value, seq: started }));
      };
      reader.current().then(settle, () => settle(fallbackValue.current));
    };
    load();
    const stop = onMarksChanged(load);
    return () => {
      live = false;
      stop();
    };
  }, [key]);

  const setLocally = useCallback((update: (value: T | undefined) => T) => {
    staleBefore.current = ++seq.current;
    const at = staleBefore.current;
    setState((previous) => ({ key: previous.key, value: update(previous.value), seq: at }));
  }, []);

  return { value: state.key === key ? state.value : undefined, setLocally };
}

/** The owner's marks not yet answered by the server (waiting or in a batch under way). */
export function useUnsentMarks(owner: string) {
  return useDeviceValue<readonly DeviceMark[]>(owner, () => unsentMarks(owner), NO_MARKS);
}

/** The owner's refused marks, until dismissed. */
export const useRefusedMarks = (owner: string) => useDeviceValue<readonly RefusedMark[]>(owner, () => refusedMarks(owner), NO_MARKS).value ?? NO_MARKS;

/** When the owner's marks last reached the server (ms since the epoch), or null. */
export const useLastSyncAt = (owner: string) => useDeviceValue(owner, () => lastSyncAt(owner), null).value ?? null;
