import { deviceDb } from '../../lib/offline/device-db';
import { waitingExamMarks } from './exam-saves';
import { marksChanged } from './queue-events';

/**
 * Sign-out leaves nothing of the user's marks on the device: their waiting marks, unanswered batches,
 * refused marks, unsaved taps, exam mark lists saved offline or typed and not saved, and last sync time go in one transaction. (The answers kept for reading
 * offline go when the session ends in this browser, whatever ended it: `forgetEndedSessions` in lib/offline/sessions.ts.)
 */
export async function forgetOwnerMarks(owner: string) {
  const db = await deviceDb();
  const tx = db.transaction(['marks', 'batches', 'refused', 'drafts', 'examSaves', 'examDrafts', 'owners'], 'readwrite');
  const byOwner = ['marks', 'batches', 'refused', 'drafts', 'examSaves', 'examDrafts'] as const;
  await Promise.all([
    ...byOwner.map(async (name) => {
      const store = tx.objectStore(name);
      const keys = await store.index('byOwner').getAllKeys(owner);
      await Promise.all(keys.map((key) => store.delete(key)));
    }),
    tx.objectStore('owners').delete(owner),
    tx.done,
  ]);
  marksChanged();
}

/** How many exam marks of the owner wait on this device (saves of a mark list not yet answered,
 * refused ones aside): sign-out speaks of them with the waiting roll-call marks before forgetting them. */
export async function keptExamMarksCount(owner: string): Promise<number> {
  return waitingExamMarks(await (await deviceDb()).getAllFromIndex('examSaves', 'byOwner', owner));
}
