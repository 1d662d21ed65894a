import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { skipToken } from '@tanstack/react-query';
import { MESSAGES, type AttendanceStatus } from '../../../../common/constants';
import { attendanceDateProblem } from '../../../../common/attendance';
import { churchToday, useSignedInSession } from '../auth';
import {
  dropWaitingMarks, isOffline, keepWaitingMarks, pendingCount, reportNetworkFailure, reportNetworkWorks, sendWaitingMarksSoon,
  useRefusedMarks, useUnsentMarks,
} from '../offline-marks';
import { isNetworkFailure, reasonOf, serverMessage } from '../../lib/errors';
import { useT, type MessageId } from '../../lib/i18n';
import { ownerKey, type DeviceMark } from '../../lib/offline/device-db';
import { trpc } from '../../lib/trpc';
import { useAddressParams } from '../../lib/useAddressParams';
import { useMarkableClasses } from './classes';
import { MARK_REFUSALS } from './refusals';
import { sheetClassId, sheetDate } from './sheet-selection';
import { SUCCESS_MESSAGE_MS } from './texts';
import { useAttendanceDraft } from './useAttendanceDraft';
import './messages';

/** What the last save said: stored, or refused or unanswered (`queued`: its marks wait on the device
 * meanwhile). A save offline says nothing of its own: the sheet's marks then wait (`SheetSync`). */
export interface SaveFeedback { kind: 'success' | 'error'; text: string; at: number; queued?: boolean }

/**
 * Where the sheet's marks kept on this phone are: waiting (`kept`, the yellow line), or all answered by
 * the church's server during this visit (`synced`, the green line, with the counts the sheet showed).
 */
export type SheetSync = { kind: 'kept' } | { kind: 'synced'; present: number; absent: number };

/** The roster before the sheet's first low-priority render (see below). */
const NO_ROSTER = { classId: null, date: '', students: undefined };

/**
 * Another teacher may have marked the class meanwhile: stored marks are asked again whenever the
 * sheet is opened, unless they were fetched moments ago (by the page load, beside the session check,
 * which on a slow connection can be several seconds before the sheet renders).
 */
const STORED_MARKS_STALE_MS = 15_000;

/** The class and date of the screen live in the address (?class=…&date=…), so a reload keeps them. */
function useSelection() {
  const { params, update } = useAddressParams();
  return { requestedClass: params.get('class'), requestedDate: params.get('date'), update };
}

/**
 * What the last save said. 'Attendance marked successfully!' (or kept on this phone) stays 3 seconds;
 * an unanswered save's message goes once the device has sent the sheet's waiting marks (nothing is
 * left to retry).
 */
function useSaveFeedback(sheetUnsent: number) {
  const [feedback, setFeedback] = useState<SaveFeedback | null>(null);
  useEffect(() => {
    if (feedback?.kind !== 'success') return;
    const timer = setTimeout(() => setFeedback((f) => (f === feedback ? null : f)), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [feedback]);
  useEffect(() => {
    if (feedback?.queued && sheetUnsent === 0) setFeedback(null);
  }, [feedback, sheetUnsent]);
  return [feedback, setFeedback] as const;
}

/** The sheet's last save, from its newest stored mark; null when nothing is stored. A roll call kept
 * on the device from before marks carried their time has neither time nor name. */
function lastSaveOf(records: ReadonlyArray<{ marked_at?: string; marked_by_name?: string | null }> | undefined) {
  if (!records || records.length === 0) return null;
  const newest = records.reduce((a, b) => ((b.marked_at ?? '') > (a.marked_at ?? '') ? b : a));
  return { at: newest.marked_at ?? null, by: newest.marked_by_name ?? null };
}

/**
 * The roll call's sheet: the class and date chosen (the church's today by default, never a future
 * date, nothing older than 14 days), each student's status (an unsaved tap over a mark waiting on
 * the device, over the stored mark, over present), the taps, Mark all present and Save, online or
 * not. Mark Attendance (MarkAttendancePage.tsx) shows it.
 */
export function useRollCall() {
  const t = useT();
  const { user, church } = useSignedInSession();
  const today = churchToday(church);
  const utils = trpc.useUtils();
  const { requestedClass, requestedDate, update } = useSelection();
  const classes = useMarkableClasses();

  const date = sheetDate(requestedDate, today);
  const classId = sheetClassId(classes.data, requestedClass);

  const students = trpc.students.byClass.useQuery(classId ? { classId } : skipToken);
  const stored = trpc.attendance.byDate.useQuery(classId ? { classId, date } : skipToken, { staleTime: STORED_MARKS_STALE_MS });
  // A save that gets no answer is a failure at once (its marks then wait on the device), never held
  // by React Query until it believes the browser is online again.
  const mark = trpc.attendance.mark.useMutation({ networkMode: 'always' });

  // Everything this device keeps is the owner's: the church and user signed in.
  const owner = ownerKey(church.code, user.id);
  const sheetRef = useMemo(() => (classId ? { owner, classId, date } : null), [owner, classId, date]);
  // The user's unsaved taps of this class and date, kept on the device until they are saved.
  const draft = useAttendanceDraft(sheetRef);
  // Marks of the owner waiting on the device for the network (any sheet), and those of this sheet.
  const unsent = useUnsentMarks(owner);
  const waitingOfSheet = useMemo(
    () => new Map((unsent.value ?? []).filter((m) => m.classId === classId && m.date === date).map((m) => [m.studentId, m])),
    [unsent.value, classId, date],
  );
  const refused = useRefusedMarks(owner);
  // The rows appear as a low-priority update once a class's students and the date's stored marks
  // are both here, whichever came last, and never in the screen's first render even when its data
  // is already cached: the frame, the title and the pickers are shown first, and the rows of a whole
  // class then render in slices and lay out apart, which keeps a slow phone responsive. Until that
  // render has this very class and date, and what the device keeps of the sheet has been read, the
  // sheet shows its skeleton, never another class's rows.
  // (The marks themselves stay urgent: after a save they must change at once.)
  const marksLoaded = stored.data !== undefined;
  // The roll call is of the active children only (a child who moved away is inactive; the server
  // refuses a mark of theirs). An answer kept on the device from before the flag existed has none.
  const rosterOfSheet = useMemo(
    () => ({ classId, date, students: marksLoaded ? students.data?.filter((s) => s.active !== false) : undefined }),
    [classId, date, marksLoaded, students.data],
  );
  const deferredRoster = useDeferredValue(rosterOfSheet, NO_ROSTER);
  const rosterReady = deferredRoster.classId === classId && deferredRoster.date === date && deferredRoster.students !== undefined
    && draft.loaded && unsent.value !== undefined;
  const storedMarks = useMemo(
    () => new Map<string, AttendanceStatus>(
      (stored.data ?? []).map((r) => [r.student_id, r.status === 'absent' ? 'absent' : 'present']),
    ),
    [stored.data],
  );
  const storedStatusOf = (studentId: string): AttendanceStatus => storedMarks.get(studentId) ?? 'present';
  const lastSave = useMemo(() => lastSaveOf(stored.data), [stored.data]);
  /** A child shown present only because nothing is stored, tapped or waiting for them: not a mark yet. */
  const isProvisional = (studentId: string) =>
    !storedMarks.has(studentId) && draft.taps[studentId] === undefined && !waitingOfSheet.has(studentId);
  // An unsaved tap, over a mark waiting on the device, over the stored mark, over present.
  const statusOf = (studentId: string): AttendanceStatus =>
    draft.taps[studentId]?.status ?? waitingOfSheet.get(studentId)?.status ?? storedStatusOf(studentId);

  const [dateProblem, setDateProblem] = useState<MessageId | null>(null);
  const [feedback, setFeedback] = useSaveFeedback(waitingOfSheet.size);

  const chooseClass = (value: string | null) => {
    if (!value) return;
    setDateProblem(null);
    setFeedback(null);
    update({ class: value });
  };

  /** A date outside the window is refused with the spec's alert and the screen stays on its date. */
  const chooseDate = (value: string | null) => {
    if (!value) return;
    const problem = attendanceDateProblem(value, today);
    if (problem) {
      setDateProblem(problem === MESSAGES.attendanceTooOld ? 'attendance.tooOld' : 'attendance.futureDate');
      return;
    }
    setDateProblem(null);
    setFeedback(null);
    update({ date: value === today ? null : value });
  };

  const roster = (rosterReady ? deferredRoster.students : undefined) ?? [];
  const present = roster.filter((s) => statusOf(s.id) === 'present').length;
  // Taps not saved yet (of students still in the class, and differing from what is stored). Marks
  // waiting on the device are not: they are sent without Save.
  const hasUnsavedMarks = roster.some((s) => draft.taps[s.id] !== undefined && draft.taps[s.id].status !== storedStatusOf(s.id));

  // The sheet's marks kept on this phone: waiting (yellow), then, once the server has answered them all
  // during this visit and refused none, the green line with the counts the sheet showed while they
  // waited. A save online drops the sheet's waiting marks too: that is the save's own message.
  const sheetKey = classId ? `${classId}|${date}` : null;
  const [synced, setSynced] = useState<{ sheet: string; present: number; absent: number } | null>(null);
  const lastWaiting = useRef({ sheet: null as string | null, count: 0, present: 0, absent: 0 });
  const savedOnline = useRef(false);
  const waitingCount = waitingOfSheet.size;
  const presentNow = present;
  const absentNow = roster.length - present;
  useEffect(() => {
    if (unsent.value === undefined) return;
    const before = lastWaiting.current;
    if (sheetKey && before.sheet === sheetKey && before.count > 0 && waitingCount === 0 && !savedOnline.current) {
      setSynced({ sheet: sheetKey, present: before.present, absent: before.absent });
    }
    if (waitingCount === 0) savedOnline.current = false;
    const counted = waitingCount > 0 && rosterReady;
    lastWaiting.current = {
      sheet: sheetKey,
      count: waitingCount,
      present: counted ? presentNow : before.sheet === sheetKey ? before.present : 0,
      absent: counted ? absentNow : before.sheet === sheetKey ? before.absent : 0,
    };
  }, [unsent.value, sheetKey, waitingCount, rosterReady, presentNow, absentNow]);
  const refusedOfSheet = refused.some((m) => m.classId === classId && m.date === date);
  let sheetSync: SheetSync | null = null;
  if (waitingCount > 0) sheetSync = { kind: 'kept' };
  else if (synced && synced.sheet === sheetKey && !refusedOfSheet) sheetSync = { kind: 'synced', present: synced.present, absent: synced.absent };
  /** Children whose changed mark waits on this phone (a small sign on their row). */
  const pendingOfSheet = useMemo(
    () => new Set([...waitingOfSheet.values()].filter((m) => !m.unchanged).map((m) => m.studentId)),
    [waitingOfSheet],
  );

  /** Keeps marks of this sheet on the device, to be sent when the network allows; shown at once. */
  const keepOnDevice = (marks: DeviceMark[]) => {
    const slots = new Set(marks.map((m) => `${m.studentId}|${m.date}`));
    unsent.setLocally((kept) => [...(kept ?? []).filter((m) => !slots.has(`${m.studentId}|${m.date}`)), ...marks]);
    void keepWaitingMarks(marks);
  };

  // A tap: online, an unsaved change of the sheet (and marks waiting elsewhere are sent now);
  // offline, at once a mark waiting on the device, sent without Save when the network returns.
  // Read through a ref, so the rows' handler stays the same function and a tap renders one row.
  const latest = useRef({ sheet: sheetRef, roster, draft, keepOnDevice, unsent: unsent.value?.length ?? 0, storedStatusOf });
  latest.current = { sheet: sheetRef, roster, draft, keepOnDevice, unsent: unsent.value?.length ?? 0, storedStatusOf };
  const tap = useCallback((studentId: string, status: AttendanceStatus) => {
    const { sheet: tapped, roster: students, draft: taps, keepOnDevice: keep, unsent: waiting, storedStatusOf: storedOf } = latest.current;
    if (!tapped) return;
    setSynced(null);
    if (!isOffline()) {
      taps.setMark(studentId, status);
      if (waiting > 0) sendWaitingMarksSoon();
      return;
    }
    const studentName = students.find((s) => s.id === studentId)?.name;
    keep([{ ...tapped, studentId, status, tappedAt: new Date().toISOString(), studentName, unchanged: status === storedOf(studentId) }]);
    if (taps.taps[studentId]) taps.forget([studentId]);
  }, []);

  const markAllPresent = () => {
    if (!sheetRef) return;
    if (!isOffline()) {
      draft.setAll(Object.fromEntries(roster.map((s) => [s.id, 'present' as const])));
      return;
    }
    const tappedAt = new Date().toISOString();
    setSynced(null);
    keepOnDevice(roster.map((s) => ({
      ...sheetRef, studentId: s.id, status: 'present', tappedAt, studentName: s.name, unchanged: storedStatusOf(s.id) === 'present',
    })));
    draft.forget(roster.map((s) => s.id));
  };

  /**
   * Save without the network: every student of the sheet becomes a mark waiting on the device, with
   * the status shown and the time of its own tap (the time of Save for those not tapped).
   */
  const keepSheetOnDevice = (kept: NonNullable<typeof sheetRef>) => {
    const savedAt = new Date().toISOString();
    keepOnDevice(roster.map((s) => ({
      ...kept,
      studentId: s.id,
      status: statusOf(s.id),
      tappedAt: draft.taps[s.id]?.tappedAt ?? waitingOfSheet.get(s.id)?.tappedAt ?? savedAt,
      studentName: s.name,
      // Sent with the roll call, counted as a change only when it differs from what the sheet showed anyway.
      unchanged: statusOf(s.id) === storedStatusOf(s.id),
    })));
  };

  // One save at a time, even on a double tap before the button shows it is busy.
  const saving = useRef(false);
  const save = () => {
    if (!classId || !sheetRef || saving.current || roster.length === 0) return;
    setFeedback(null);
    setSynced(null);
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      // The sheet's marks now wait on the phone: its yellow line says so (`sheetSync`).
      keepSheetOnDevice(sheetRef);
      draft.discard(sheetRef);
      return;
    }
    saving.current = true;
    const saved = sheetRef;
    const attendanceData = roster.map((s) => ({ studentId: s.id, status: statusOf(s.id) }));
    mark.mutate({ classId, date, attendanceData }, {
      onSuccess: () => {
        const savedAt = new Date().toISOString();
        reportNetworkWorks();
        savedOnline.current = true;
        utils.attendance.byDate.setData(
          { classId, date },
          attendanceData.map((m) => ({ student_id: m.studentId, status: m.status, marked_at: savedAt, marked_by_name: user.name })),
        );
        draft.discard(saved);
        void dropWaitingMarks(owner, classId, date);
        void utils.attendance.monthly.invalidate();
        void utils.attendance.calendar.invalidate();
        setFeedback({ kind: 'success', text: t('attendance.marked'), at: Date.now() });
      },
      // The marks stay on screen and in the draft; Retry sends what the screen shows. Without an
      // answer they also wait on the device, sent by themselves once the network is back.
      onError: (error) => {
        if (isNetworkFailure(error)) {
          reportNetworkFailure();
          keepSheetOnDevice(saved);
          setFeedback({ kind: 'error', text: t('attendance.markUnreachable'), at: Date.now(), queued: true });
          return;
        }
        const refusal = MARK_REFUSALS[reasonOf(error) ?? ''];
        const text = refusal ? t(refusal) : serverMessage(error, t('attendance.markUnreachable'));
        setFeedback({ kind: 'error', text, at: Date.now() });
      },
      onSettled: () => {
        saving.current = false;
      },
    });
  };

  return {
    owner, today, classes, classId, date, students, stored,
    /** The sheet's rows may be shown (see above); `roster` is empty until then. */
    rosterReady, roster, statusOf, isProvisional, present, absent: roster.length - present, hasUnsavedMarks,
    /** When the sheet was last saved and by whom; null while nothing of it is stored (not marked yet). */
    lastSave,
    /** Marks of this sheet waiting on the device. */
    waitingCount,
    /** The children of the sheet whose changed mark waits on the device. */
    pendingOfSheet,
    /** The sheet's marks kept on this phone: waiting, or just saved to the church; null otherwise. */
    sheetSync,
    /** The owner's marks on this device not yet answered by the server, as counted (`pendingCount`: the changes). */
    unsentCount: pendingCount(unsent.value ?? []),
    dateProblem, dismissDateProblem: () => setDateProblem(null),
    feedback, dismissFeedback: () => setFeedback(null),
    /** A save is on its way: the sheet's controls wait. */
    saving: mark.isPending,
    chooseClass, chooseDate, tap, markAllPresent, save,
  };
}
