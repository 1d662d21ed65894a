/**
 * The marks this device keeps until the server has them: the queue of waiting marks and batches
 * (IndexedDB, per owner), its one sender, whether the network works, and the refused marks. Mark
 * Attendance puts marks in it and shows its state; the signed-in frame mounts the sender, counts what
 * waits and forgets the owner's marks at sign-out. The exam mark lists saved without an answer wait
 * here too (`exam-saves.ts`), sent by their own sender under the write id each was made with, and
 * what was typed on a list and not saved yet (`exam-drafts.ts`). A feature of its own, not a part of attendance's
 * index: the route table imports attendance's index at page load (the screen's first calls), so what
 * it exported would be in the sign-in screen's chunk; this index is reached only from signed-in chunks.
 * The database itself is lib/offline/device-db.ts, shared with the answers kept for offline reads.
 */
export { keepWaitingMarks, dropWaitingMarks, unsentMarks, dismissRefused, pendingCount } from './mark-queue';
export { forgetOwnerMarks, keptExamMarksCount } from './forget-owner';
export { onMarksChanged } from './queue-events';
export { useUnsentMarks, useRefusedMarks, useLastSyncAt } from './useDeviceMarks';
export { isOffline, reportNetworkFailure, reportNetworkWorks, useOffline } from './connection';
export { useSendingCount } from './mark-sync';
export { useMarkSync, sendWaitingMarksSoon } from './useMarkSync';
export { useKeepRollCallsOnDevice } from './useKeepRollCalls';
export { keepExamSave, dropExamSave, waitingExamMarks } from './exam-saves';
export { useKeptExamSaves } from './useKeptExamSaves';
export { readExamDraft, keepExamDraft, dropExamDraft } from './exam-drafts';
export { useExamSaveSync, sendKeptExamSavesSoon } from './useExamSaveSync';
