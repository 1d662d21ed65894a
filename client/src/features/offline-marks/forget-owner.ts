import { deviceDb } from '../../lib/offline/device-db';
import { marksChanged } from './queue-events';

/**
 * Sign-out leaves nothing of the user's marks on the device: their waiting marks, unanswered batches,
 * refused marks, unsaved taps and last sync time go in one transaction. (The answers kept for reading
 * offline go when the session ends in this browser, whatever ended it: `forgetEndedSessions` in lib/offline/sessions.ts.)
 */
export async function forgetOwnerMarks(owner: string) {
  const db = await deviceDb();
  const tx = db.transaction(['marks', 'batches', 'refused', 'drafts', 'owners'], 'readwrite');
  const byOwner = ['marks', 'batches', 'refused', 'drafts'] as const;
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
