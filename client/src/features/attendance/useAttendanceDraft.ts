import { useCallback, useEffect, useRef, useState } from 'react';
import type { AttendanceStatus } from '../../../../common/constants';
import { readDraft, writeDraft, type DraftTaps, type SheetRef } from './sheet-drafts';
import { onMarksChanged } from '../offline-marks';

const NO_TAPS: DraftTaps = {};

const sheetKeyOf = (sheet: SheetRef | null) => (sheet ? `${sheet.owner}|${sheet.classId}|${sheet.date}` : null);

interface DraftState {
  key: string | null;
  sheet: SheetRef | null;
  taps: DraftTaps;
  /** The stored draft has been read (until then the sheet waits: nothing may be shown or tapped). */
  loaded: boolean;
  /** Changed here since it was read: to be stored. */
  changed?: boolean;
}

/**
 * The taps of one sheet (an owner's class and date) not saved yet, each with its time, kept in
 * memory and in the device's IndexedDB, so that a reload, closing the tab or the browser, or a
 * dropped connection loses nothing the teacher tapped. The church and user are part of the owner:
 * whoever signs in next never sees another user's taps. Another sheet starts from its own stored draft.
 */
export function useAttendanceDraft(sheet: SheetRef | null) {
  const key = sheetKeyOf(sheet);
  const [draft, setDraft] = useState<DraftState>({ key: null, sheet: null, taps: NO_TAPS, loaded: false });
  const current: DraftState = draft.key === key ? draft : { key, sheet, taps: NO_TAPS, loaded: false };

  // Changes made here, and how many of them are stored: a read is taken only when every change was
  // stored before it started and none was made while it ran.
  const changes = useRef(0);
  const stored = useRef(0);

  useEffect(() => {
    if (!sheet) return;
    let live = true;
    const read = (first: boolean) => {
      const changesBefore = changes.current;
      if (!first && stored.current !== changesBefore) return;
      void readDraft(sheet).then((taps) => {
        if (!live || changes.current !== changesBefore) return;
        setDraft((previous) => (previous.key === key && previous.loaded && first ? previous : { key, sheet, taps, loaded: true }));
      });
    };
    read(true);
    // A sent batch drops the taps it carried (settleBatch in features/offline-marks/mark-queue.ts), maybe in another tab.
    const stop = onMarksChanged(() => read(false));
    return () => {
      live = false;
      stop();
    };
    // `key` names the sheet (a new `sheet` object of the same sheet reads nothing again).
  }, [key]);

  useEffect(() => {
    if (!draft.changed || !draft.sheet) return;
    const upTo = changes.current;
    void writeDraft(draft.sheet, draft.taps).then(() => {
      stored.current = Math.max(stored.current, upTo);
    });
  }, [draft]);

  /** Changes the taps of the loaded sheet (stored by the effect above). */
  const change = useCallback((update: (taps: DraftTaps) => DraftTaps) => {
    changes.current += 1;
    setDraft((previous) => (previous.key === key && previous.loaded ? { ...previous, taps: update(previous.taps), changed: true } : previous));
  }, [key]);

  const setMark = useCallback((studentId: string, status: AttendanceStatus) => {
    const tappedAt = new Date().toISOString();
    change((taps) => ({ ...taps, [studentId]: { status, tappedAt } }));
  }, [change]);

  const setAll = useCallback((statuses: Readonly<Record<string, AttendanceStatus>>) => {
    const tappedAt = new Date().toISOString();
    change(() => Object.fromEntries(Object.entries(statuses).map(([studentId, status]) => [studentId, { status, tappedAt }])));
  }, [change]);

  /** The students' taps went elsewhere (the device's queue, offline). */
  const forget = useCallback((studentIds: readonly string[]) => {
    change((taps) => {
      const rest = { ...taps };
      for (const id of studentIds) delete rest[id];
      return rest;
    });
  }, [change]);

  /** After a save of `saved`: its taps are stored on the server now (or queued on the device). */
  const discard = useCallback((saved: SheetRef) => {
    const savedKey = sheetKeyOf(saved);
    const upTo = ++changes.current;
    void writeDraft(saved, NO_TAPS).then(() => {
      stored.current = Math.max(stored.current, upTo);
    });
    setDraft((previous) => (previous.key === savedKey ? { ...previous, taps: NO_TAPS, changed: false } : previous));
  }, []);

  return { taps: current.taps, loaded: current.loaded, setMark, setAll, forget, discard };
}
