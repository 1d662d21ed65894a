import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { ownerKey } from '../../lib/offline/device-db';
import { device } from '../../lib/offline/sessions';
import { churchToday, useCan, useSignedInSession } from '../auth';
import { isOffline } from './connection';

/**
 * A teacher's roll calls kept on this device before the signal goes: once the screen's own calls are
 * done, the teacher's classes and, for each, its students and today's stored marks are fetched, which
 * the tRPC link keeps on the device as it keeps every answer of these queries (lib/offline/
 * offline-answers-link.ts); Mark Attendance offline then opens any of them, not only those opened
 * before. Only what the device lacks or kept more than FRESH_MS ago is asked, in one batch. Mounted by
 * the signed-in frame (after sign-in and on every page load) and by Mark Attendance (each visit).
 */

/** A roll call kept this recently is left as it is. */
const FRESH_MS = 10 * 60_000;
/** The screen's own calls come first: nothing is asked before this, nor until calls have been quiet for QUIET_MS. */
const AFTER_MS = 2_500;
const QUIET_MS = 2_000;
const POLL_MS = 500;

type Utils = ReturnType<typeof trpc.useUtils>;
type MyClasses = RouterOutputs['classes']['myClasses'];

/** One round for the device at a time (the frame and the screen both ask). */
let running: Promise<void> | null = null;

async function keepRollCalls(utils: Utils, owner: string, today: string) {
  const { keptAnswerOf } = await device();
  const fresh = (kept: { storedAt: number } | null) => kept !== null && Date.now() - kept.storedAt < FRESH_MS;
  const keptClasses = await keptAnswerOf(owner, 'classes.myClasses', undefined);
  const classes = fresh(keptClasses) ? keptClasses!.data as MyClasses : await utils.classes.myClasses.fetch();
  const asks: Promise<unknown>[] = [];
  await Promise.all(classes.map(async ({ id: classId }) => {
    const [students, marks] = await Promise.all([
      keptAnswerOf(owner, 'students.byClass', { classId }),
      keptAnswerOf(owner, 'attendance.byDate', { classId, date: today }),
    ]);
    if (!fresh(students)) asks.push(utils.students.byClass.fetch({ classId }));
    if (!fresh(marks)) asks.push(utils.attendance.byDate.fetch({ classId, date: today }));
  }));
  // Started together: the link sends them in one request.
  await Promise.allSettled(asks);
}

/** Keeps the signed-in teacher's roll calls of today on this device (see above); nothing for those who see every class. */
export function useKeepRollCallsOnDevice() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const { user, church } = useSignedInSession();
  const seesEveryClass = useCan('manageClasses');
  const marks = useCan('markAttendance');
  const owner = ownerKey(church.code, user.id);
  const today = churchToday(church);

  useEffect(() => {
    if (seesEveryClass || !marks) return;
    let timer: ReturnType<typeof setTimeout>;
    let quietSince = Date.now();
    const tryNow = () => {
      if (queryClient.isFetching() > 0 || queryClient.isMutating() > 0) quietSince = Date.now();
      if (Date.now() - quietSince < QUIET_MS) {
        timer = setTimeout(tryNow, POLL_MS);
        return;
      }
      if (isOffline() || running) return;
      running = keepRollCalls(utils, owner, today).catch(() => undefined).finally(() => {
        running = null;
      });
    };
    timer = setTimeout(tryNow, AFTER_MS);
    return () => clearTimeout(timer);
  }, [seesEveryClass, marks, owner, today, utils, queryClient]);
}
