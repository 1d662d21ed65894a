import { useSyncExternalStore } from 'react';
import type { RouterInputs, RouterOutputs } from '../../lib/trpc';
import type { DeviceMark, MarkBatch, RefusedMark } from '../../lib/offline/device-db';
import { settleBatch, takeBatch } from './mark-queue';
import { reportNetworkFailure, reportNetworkWorks } from './connection';

/** A batch as `attendance.sync` takes it, and what it answers (the part the device reads). */
type SyncInput = RouterInputs['attendance']['sync'];
type SyncAnswer = Pick<RouterOutputs['attendance']['sync'], 'refused'>;

/** How a send that got no usable answer ended, which decides when to try again. */
export type SendFailure =
  /** No answer (network, or no server behind it) or the server's own trouble: later, same batch. */
  | 'unreachable'
  /** The session is gone: the same user's next sign-in sends the same batch. */
  | 'signed_out'
  /** The server refused the batch itself (not one mark): its marks become refused marks. */
  | { refused: { reason: string; message: string } };

export interface SyncTransport {
  send: (input: SyncInput) => Promise<SyncAnswer>;
  /** What a failed send means. */
  failureOf: (error: unknown) => SendFailure;
  /** After the server answered a batch (stored marks of its sheets to be read again). */
  answered: (batch: MarkBatch) => void;
}

export type SendOutcome = 'done' | 'unreachable' | 'signed_out';

const toInput = (batch: MarkBatch): SyncInput => ({
  batchId: batch.id,
  marks: batch.marks.map(({ classId, studentId, date, status, tappedAt }) => ({ classId, studentId, date, status, tappedAt })),
});

function refusedOf(batch: MarkBatch, refusals: SyncAnswer['refused']): RefusedMark[] {
  const marks = new Map(batch.marks.map((mark) => [`${mark.studentId}|${mark.date}`, mark]));
  return refusals.flatMap((refusal) => {
    const mark: DeviceMark | undefined = marks.get(`${refusal.student_id}|${refusal.date}`);
    return mark ? [{ ...mark, reason: refusal.reason, message: refusal.message }] : [];
  });
}

// How many marks are on their way now from this tab, for "Sending 25 marks…".
type Listener = () => void;
const sendingListeners = new Set<Listener>();
let sendingCount = 0;
function setSending(count: number) {
  sendingCount = count;
  for (const listener of sendingListeners) listener();
}
const subscribeSending = (listener: Listener) => {
  sendingListeners.add(listener);
  return () => {
    sendingListeners.delete(listener);
  };
};
/** How many marks this tab is sending now (0 when none). */
export const useSendingCount = () => useSyncExternalStore(subscribeSending, () => sendingCount, () => 0);

/** Sends the owner's batches one after the other until nothing waits or a send gets no answer. */
async function sendAll(owner: string, transport: SyncTransport): Promise<SendOutcome> {
  for (;;) {
    const batch = await takeBatch(owner);
    if (!batch) return 'done';
    setSending(batch.marks.length);
    try {
      const answer = await transport.send(toInput(batch));
      reportNetworkWorks();
      await settleBatch(batch, refusedOf(batch, answer.refused), { synced: true });
      transport.answered(batch);
    } catch (error) {
      const failure = transport.failureOf(error);
      if (failure === 'unreachable') reportNetworkFailure();
      if (typeof failure === 'string') return failure;
      const refused = batch.marks.map((mark) => ({ ...mark, ...failure.refused }));
      await settleBatch(batch, refused, { synced: false });
    } finally {
      setSending(0);
    }
  }
}

/** The one sender of the device: a Web Lock held across tabs (where the browser has them), so two
 * tabs never send the same batch at once. */
const SENDER_LOCK = 'sundayschool-mark-sender';
async function asTheOneSender<T>(send: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? await locks.request(SENDER_LOCK, send) : send();
}

let running: Promise<SendOutcome> | null = null;
let next: { owner: string; transport: SyncTransport } | null = null;

/**
 * Sends what waits for the owner, exactly once per batch at a time: a call while this tab is
 * sending asks for one more round after it (for marks tapped meanwhile), and each round waits for
 * the device's sender lock. Answers how the last round ended.
 */
export function sendWaitingMarks(owner: string, transport: SyncTransport): Promise<SendOutcome> {
  next = { owner, transport };
  running ??= (async () => {
    let outcome: SendOutcome = 'done';
    while (next) {
      const round = next;
      next = null;
      outcome = await asTheOneSender(() => sendAll(round.owner, round.transport));
      if (outcome !== 'done') next = null;
    }
    return outcome;
  })().finally(() => {
    running = null;
  });
  return running;
}
