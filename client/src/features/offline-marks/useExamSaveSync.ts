import { useEffect } from 'react';
import { trpc } from '../../lib/trpc';
import { httpStatusOf, isNetworkFailure, isUnauthorized, reasonOf } from '../../lib/errors';
import { reportNetworkFailure, reportNetworkWorks } from './connection';
import { sendKeptExamSaves, type SendResult } from './exam-saves';

let sendSoon: (() => void) | null = null;

/** A save just answered online, or the mark list opened: send what waits now (nothing happens when no sender is mounted). */
export function sendKeptExamSavesSoon() {
  sendSoon?.();
}

/** What a failed send of a kept save means for it: no answer, the server's trouble or a session to
 * renew wait for the next try; any other refusal (a cell the server refuses, the results published
 * meanwhile, a correction by a teacher) is the save's own, kept to be shown. */
function sendFailure(error: unknown): SendResult {
  const status = httpStatusOf(error);
  if (isNetworkFailure(error) || isUnauthorized(error) || status === undefined || status >= 500 || status === 408 || status === 429) return 'unreachable';
  return { refused: { reason: reasonOf(error) ?? 'save_refused', message: error instanceof Error ? error.message : '' } };
}

/**
 * The device's sender of the exam mark lists saved without an answer, mounted once in the signed-in
 * frame beside the roll call's: it sends when the page opens online, on the `online` event and when
 * asked (`sendKeptExamSavesSoon`), each save with its own write id, and puts the server's answer (the
 * class's list) in place of the list shown and kept on the device.
 */
export function useExamSaveSync(owner: string) {
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.exams.saveMarks.useMutation({ networkMode: 'always' });
  useEffect(() => {
    const send = () => {
      if (!navigator.onLine) return;
      void sendKeptExamSaves(owner, async (save) => {
        try {
          const { replayed: _replayed, amended: _amended, message: _message, ...list } = await mutateAsync(save.input);
          reportNetworkWorks();
          utils.exams.marks.setData({ exam_id: save.examId, class_id: save.classId }, list);
          return 'sent';
        } catch (error) {
          if (isNetworkFailure(error)) reportNetworkFailure();
          return sendFailure(error);
        }
      }).catch(() => undefined); // the device database failed: the saves stay where they are
    };
    send();
    window.addEventListener('online', send);
    sendSoon = send;
    return () => {
      window.removeEventListener('online', send);
      if (sendSoon === send) sendSoon = null;
    };
  }, [owner, utils, mutateAsync]);
}
