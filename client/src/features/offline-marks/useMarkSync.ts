import { useEffect } from 'react';
import { trpc } from '../../lib/trpc';
import { httpStatusOf, isNetworkFailure, isUnauthorized, reasonOf } from '../../lib/errors';
import type { MarkBatch } from '../../lib/offline/device-db';
import { sendWaitingMarks, type SendFailure, type SyncTransport } from './mark-sync';
import { onNetworkFailure } from './connection';

/** After a send that got no answer while the browser says it is online: the next try. */
const RETRY_AFTER_MS = 30_000;

let sendSoon: (() => void) | null = null;

/** A tap made online while marks wait: send them now (nothing happens when no sender is mounted). */
export function sendWaitingMarksSoon() {
  sendSoon?.();
}

/** What a failed `attendance.sync` means for its batch. */
function failureOf(error: unknown): SendFailure {
  if (isNetworkFailure(error)) return 'unreachable';
  if (isUnauthorized(error)) return 'signed_out';
  const status = httpStatusOf(error);
  // The server's trouble, a limit of requests or a subscription to renew: the batch waits.
  if (status === undefined || status >= 500 || status === 403 || status === 408 || status === 429) return 'unreachable';
  return { refused: { reason: reasonOf(error) ?? 'batch_refused', message: error instanceof Error ? error.message : '' } };
}

/**
 * The device's sender of waiting marks for the signed-in owner, mounted once in the signed-in frame:
 * it sends when the page opens online with the verified session, on the `online` event, when a tap
 * made online finds marks waiting (`sendWaitingMarksSoon`), and again after a while when a send got
 * no answer although the browser says it is online. A refusal of the session (401) keeps the batch
 * and signs out (app/query-client.ts), so the same user's next sign-in sends it.
 */
export function useMarkSync(owner: string) {
  const utils = trpc.useUtils();
  // Sent only while online; never held by React Query until it thinks the browser is online (then
  // the `online` event would send the same batch a second time).
  const { mutateAsync } = trpc.attendance.sync.useMutation({ networkMode: 'always' });

  useEffect(() => {
    let retry: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const answered = (batch: MarkBatch) => {
      const sheets = new Map(batch.marks.map((mark) => [`${mark.classId}|${mark.date}`, { classId: mark.classId, date: mark.date }]));
      for (const sheet of sheets.values()) void utils.attendance.byDate.invalidate(sheet);
      void utils.attendance.monthly.invalidate();
      void utils.attendance.calendar.invalidate();
    };
    const transport: SyncTransport = { send: (input) => mutateAsync(input), failureOf, answered };
    const retryLater = () => {
      clearTimeout(retry);
      if (live && navigator.onLine) retry = setTimeout(send, RETRY_AFTER_MS);
    };
    const send = () => {
      clearTimeout(retry);
      sendWaitingMarks(owner, transport).then((outcome) => {
        if (outcome === 'unreachable') retryLater();
      }, () => undefined); // the device database failed: the marks stay where they are
    };
    const sendIfOnline = () => {
      if (navigator.onLine) send();
    };

    sendIfOnline();
    window.addEventListener('online', send);
    // A call (a save) failed for lack of network while the browser says it is online: try later.
    const stopWatching = onNetworkFailure(retryLater);
    sendSoon = sendIfOnline;
    return () => {
      live = false;
      clearTimeout(retry);
      window.removeEventListener('online', send);
      stopWatching();
      if (sendSoon === sendIfOnline) sendSoon = null;
    };
  }, [owner, utils, mutateAsync]);
}
