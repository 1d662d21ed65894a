import { deviceDb, type ExamMarksDraft } from '../../lib/offline/device-db';

/**
 * What was typed on an exam's mark list and not saved yet, kept on this device per owner, exam and
 * class as it is typed: reopened after a reload (or a closed tab, a restart), the list shows it again
 * as not saved. A save (sent, or kept to be sent) ends it.
 */

/** The owner's draft of a class's list of an exam, if any. */
export async function readExamDraft(owner: string, examId: string, classId: string): Promise<ExamMarksDraft | undefined> {
  return (await deviceDb()).get('examDrafts', [owner, examId, classId]);
}

/** Keeps the draft, replacing the earlier one of the same list. */
export async function keepExamDraft(draft: ExamMarksDraft) {
  await (await deviceDb()).put('examDrafts', draft);
}

/** The list was saved (or nothing is typed any more): its draft goes. */
export async function dropExamDraft(owner: string, examId: string, classId: string) {
  await (await deviceDb()).delete('examDrafts', [owner, examId, classId]);
}
