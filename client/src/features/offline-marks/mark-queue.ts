import { ATTENDANCE_SYNC_MAX_MARKS } from '../../../../common/constants';
import { deviceDb, type DeviceMark, type MarkBatch, type RefusedMark } from '../../lib/offline/device-db';
import { marksChanged } from './queue-events';

/**
 * The device's queue of marks, per owner (`ownerKey`): marks tapped offline wait in `marks`, one per
 * student and date; a send moves them into a batch (`batches`) under an id made here, and the batch
 * stays until the server has answered it, however often it must be sent again.
 */

const markKey = (mark: Pick<DeviceMark, 'owner' | 'studentId' | 'date'>): [string, string, string] =>
  [mark.owner, mark.studentId, mark.date];
const sameSlot = (mark: DeviceMark) => `${mark.studentId}|${mark.date}`;

/** Keeps taps as waiting marks: a later tap of the same student and date replaces the earlier one,
 * never an earlier tap a later one (two tabs may write in either order). */
export async function keepWaitingMarks(marks: readonly DeviceMark[]) {
  if (marks.length === 0) return;
  const db = await deviceDb();
  const tx = db.transaction('marks', 'readwrite');
  await Promise.all([
    ...marks.map(async (mark) => {
      const kept = await tx.store.get(markKey(mark));
      if (!kept || kept.tappedAt <= mark.tappedAt) await tx.store.put(mark);
    }),
    tx.done,
  ]);
  marksChanged();
}

/**
 * The owner's marks the server has not answered yet, one per student and date: those of batches
 * under way, and over them the waiting ones (tapped after the batch was formed).
 */
export async function unsentMarks(owner: string): Promise<DeviceMark[]> {
  const db = await deviceDb();
  const tx = db.transaction(['marks', 'batches']);
  const [waiting, batches] = await Promise.all([
    tx.objectStore('marks').index('byOwner').getAll(owner),
    tx.objectStore('batches').index('byOwner').getAll(owner),
  ]);
  const bySlot = new Map<string, DeviceMark>();
  for (const batch of batches.sort((a, b) => a.createdAt - b.createdAt)) {
    for (const mark of batch.marks) bySlot.set(sameSlot(mark), mark);
  }
  for (const mark of waiting) bySlot.set(sameSlot(mark), mark);
  return [...bySlot.values()];
}

/**
 * How many waiting marks to speak of: the changes (marks whose status differs from what the sheet
 * showed), not every child of a roll call saved offline; when only unchanged marks wait (a roll call
 * of everyone present), all of them, so that something waiting is never shown as nothing.
 */
export function pendingCount(marks: readonly DeviceMark[]) {
  const changes = marks.filter((mark) => !mark.unchanged).length;
  return changes > 0 ? changes : marks.length;
}

/** After Save has stored a sheet on the server: its waiting marks are not to be sent any more (a
 * batch already under way is left alone; its marks are older than the save and the server keeps the newer). */
export async function dropWaitingMarks(owner: string, classId: string, date: string) {
  const db = await deviceDb();
  const tx = db.transaction('marks', 'readwrite');
  const waiting = await tx.store.index('byOwner').getAll(owner);
  const ofSheet = waiting.filter((mark) => mark.classId === classId && mark.date === date);
  await Promise.all([...ofSheet.map((mark) => tx.store.delete(markKey(mark))), tx.done]);
  if (ofSheet.length > 0) marksChanged();
}

/**
 * The batch to send for an owner: the one formed earlier and not yet answered (sent again with the
 * same id), or else a new one of the oldest waiting marks (at most a batch's limit), moved out of
 * `marks` in the same transaction so that no mark is in two places. Null when nothing waits.
 */
export async function takeBatch(owner: string): Promise<MarkBatch | null> {
  const db = await deviceDb();
  const tx = db.transaction(['marks', 'batches'], 'readwrite');
  const batches = tx.objectStore('batches');
  const marks = tx.objectStore('marks');
  const formed = await batches.index('byOwner').getAll(owner);
  if (formed.length > 0) {
    await tx.done;
    return formed.sort((a, b) => a.createdAt - b.createdAt)[0];
  }
  const waiting = await marks.index('byOwner').getAll(owner);
  if (waiting.length === 0) {
    await tx.done;
    return null;
  }
  const taken = waiting.sort((a, b) => a.tappedAt.localeCompare(b.tappedAt)).slice(0, ATTENDANCE_SYNC_MAX_MARKS);
  const batch: MarkBatch = { id: crypto.randomUUID(), owner, marks: taken, createdAt: Date.now() };
  await Promise.all([...taken.map((mark) => marks.delete(markKey(mark))), batches.add(batch), tx.done]);
  marksChanged();
  return batch;
}

/**
 * The server answered a batch: it is gone from the device, its refused marks are kept to be shown,
 * the owner's last sync is now, and the unsaved taps of Mark Attendance that its marks carried (as
 * old or older) are dropped. Nothing happens when the batch is no longer here (a sign-out removed it
 * while it was under way): nothing of that owner is written back.
 */
export async function settleBatch(batch: MarkBatch, refused: readonly RefusedMark[], { synced }: { synced: boolean }) {
  const db = await deviceDb();
  const tx = db.transaction(['batches', 'refused', 'owners', 'drafts'], 'readwrite');
  if (!(await tx.objectStore('batches').get(batch.id))) {
    await tx.done;
    return;
  }
  const drafts = tx.objectStore('drafts');
  const sheets = new Map<string, DeviceMark[]>();
  for (const mark of batch.marks) {
    const sheet = `${mark.classId}|${mark.date}`;
    sheets.set(sheet, [...(sheets.get(sheet) ?? []), mark]);
  }
  await Promise.all([
    tx.objectStore('batches').delete(batch.id),
    ...refused.map((mark) => tx.objectStore('refused').put(mark)),
    synced ? tx.objectStore('owners').put({ owner: batch.owner, lastSyncAt: Date.now() }) : undefined,
    ...[...sheets.values()].map(async (marks) => {
      const draft = await drafts.get([batch.owner, marks[0].classId, marks[0].date]);
      if (!draft) return;
      const taps = { ...draft.taps };
      for (const mark of marks) {
        if (taps[mark.studentId] && taps[mark.studentId].tappedAt <= mark.tappedAt) delete taps[mark.studentId];
      }
      await (Object.keys(taps).length === 0 ? drafts.delete([draft.owner, draft.classId, draft.date]) : drafts.put({ ...draft, taps }));
    }),
    tx.done,
  ]);
  marksChanged();
}

/** The owner's refused marks, oldest date first. */
export async function refusedMarks(owner: string): Promise<RefusedMark[]> {
  const db = await deviceDb();
  const marks = await db.getAllFromIndex('refused', 'byOwner', owner);
  return marks.sort((a, b) => a.date.localeCompare(b.date) || (a.studentName ?? '').localeCompare(b.studentName ?? ''));
}

/** The teacher has read a refusal (or all of the owner's, without `mark`). */
export async function dismissRefused(owner: string, mark?: RefusedMark) {
  const db = await deviceDb();
  const tx = db.transaction('refused', 'readwrite');
  const keys = mark ? [markKey(mark)] : await tx.store.index('byOwner').getAllKeys(owner);
  await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
  marksChanged();
}

/** When the owner's marks last reached the server (ms), or null. */
export async function lastSyncAt(owner: string): Promise<number | null> {
  const db = await deviceDb();
  return (await db.get('owners', owner))?.lastSyncAt ?? null;
}
