import { deviceDb, type ExamMarksSave } from '../../lib/offline/device-db';

/**
 * The exam mark lists saved on this device while the church's server could not be reached, per owner
 * (`ownerKey`): each save is kept whole under the write id made here, sent again with that id until
 * the server answers it (the server applies a write id once, so a save whose answer was lost is not
 * applied twice), oldest first, so a later save of the same cell wins as it did on the phone.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
const CHANNEL_NAME = 'sundayschool-exam-saves';
let channel: BroadcastChannel | null | undefined;

function emit() {
  for (const listener of listeners) listener();
}

/** Told whenever the kept saves change, in this tab or (through a BroadcastChannel) another. */
export function onExamSavesChanged(listener: Listener) {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
    if (channel) channel.onmessage = emit;
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function changed() {
  emit();
  channel?.postMessage('changed');
}

/** Keeps a save on the device, to be sent when the network allows. */
export async function keepExamSave(save: ExamMarksSave) {
  await (await deviceDb()).put('examSaves', save);
  changed();
}

/** The owner's kept saves, oldest first. */
export async function keptExamSaves(owner: string): Promise<ExamMarksSave[]> {
  const saves = await (await deviceDb()).getAllFromIndex('examSaves', 'byOwner', owner);
  return saves.sort((a, b) => a.createdAt - b.createdAt);
}

/** How many exam marks the saves hold that wait to be sent: each save's cells (a save of remarks
 * alone counts one), refused saves aside. The header's count and the sign-out's warning both say this. */
export const waitingExamMarks = (saves: readonly ExamMarksSave[]) =>
  saves.filter((save) => !save.refused).reduce((n, save) => n + Math.max(1, save.input.entries.length), 0);

/** The server applied a save: it is gone from the device. */
export async function dropExamSave(writeId: string) {
  await (await deviceDb()).delete('examSaves', writeId);
  changed();
}

/** The server refused a save: it stays, with the refusal, until the teacher dismisses it. */
async function refuseExamSave(save: ExamMarksSave, refused: { reason: string; message: string }) {
  const db = await deviceDb();
  // Not written back when the save is no longer here (a sign-out removed it meanwhile).
  const tx = db.transaction('examSaves', 'readwrite');
  if (await tx.store.get(save.writeId)) await tx.store.put({ ...save, refused });
  await tx.done;
  changed();
}

/** What sending one save ended in. */
export type SendResult = 'sent' | 'unreachable' | { refused: { reason: string; message: string } };

let running: Promise<void> | null = null;

/**
 * Sends the owner's kept saves one after the other, oldest first, until none waits or one gets no
 * answer (they then wait for the next try). One round at a time in this tab; refused saves are not
 * sent again.
 */
export function sendKeptExamSaves(owner: string, send: (save: ExamMarksSave) => Promise<SendResult>): Promise<void> {
  running ??= (async () => {
    for (const save of await keptExamSaves(owner)) {
      if (save.refused) continue;
      const result = await send(save);
      if (result === 'unreachable') return;
      if (result === 'sent') await dropExamSave(save.writeId);
      else await refuseExamSave(save, result.refused);
    }
  })().finally(() => {
    running = null;
  });
  return running;
}
