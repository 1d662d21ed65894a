import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { confirmsName, PRIVACY_MESSAGES, type eraseStudentInput } from '../../../common/schemas/privacy.js';
import type { TenantScope } from '../../core/scopes.js';
import { badRequest } from '../../core/errors.js';
import { auditChurchChange } from '../audit/index.js';
import { eraseChildFromMedia } from '../gallery/index.js';
import type { MediaStorage } from '../media-storage/index.js';
import { deleteStudentRow, findAccessibleStudent, lockStudent } from '../students/index.js';
import { keepErasedEnrolments, reKeyAttendance, redactAuditOfChild, rowsOfChild, scrubSyncLedger } from './queries.js';

/**
 * POST /api/students/{id}/erase (super_admin, principal): erases a child for good, in the request's
 * one tenant transaction, once the user typed the child's name exactly (NFC, trimmed). No undo.
 *
 * - Attendance: the child's marks get one new random id (attendance has no foreign key to students),
 *   and the child's enrolments are kept under that id without name or roll number (erased_enrolments):
 *   every report of the class (calendar, monthly list and CSV, register, yearly summaries) gives the
 *   same totals as before, the child's row shown as an erased child.
 * - Gallery: items showing this child alone are deleted, the others lose the child's tag.
 * - Family exports: their stored files are removed after the commit (their rows go with the child).
 * - The student row: guardians, pickups, care, consents, consent links, tags, exports and follow-up
 *   contacts go with it by their foreign keys; access-log entries stay with the child set to null.
 * - The offline sync ledger: the child's id in stored answers becomes the marks' new id.
 * - The audit log: earlier entries tied to the child's ids are redacted, keeping who did what
 *   (redact_church_audit_of_child; no other entry is touched), then
 *   one entry `student.erased` says an erasure happened and who did it, naming neither the child nor
 *   the child's id (resource_id null) and holding counts only.
 *
 * Files are removed only once the transaction has committed, so a rollback leaves nothing half gone.
 */
export async function eraseStudent(scope: TenantScope, storage: MediaStorage, input: z.output<typeof eraseStudentInput>) {
  const { tx, user, church, afterCommit } = scope;
  const student = await findAccessibleStudent(scope, input.id);
  // Every other write of the child's lists waits for this lock, then finds no child.
  await lockStudent(tx, student.id);
  if (!confirmsName(input.confirm_name, student.name)) throw badRequest(PRIVACY_MESSAGES.confirmName, { reason: 'name_mismatch' });

  const marksId = randomUUID();
  const { ids, exportFiles } = await rowsOfChild(tx, student.id);
  const marksKept = await reKeyAttendance(tx, student.id, marksId);
  await keepErasedEnrolments(tx, church.id, student.id, marksId);
  const gallery = await eraseChildFromMedia(tx, student.id);
  const batchesScrubbed = await scrubSyncLedger(tx, student.id, marksId);
  await deleteStudentRow(tx, student.id);
  const entriesRedacted = await redactAuditOfChild(tx, [student.id, ...ids]);
  await auditChurchChange(tx, {
    user, action: 'student.erased', resourceType: 'student', resourceId: null,
    details: {
      attendance_marks_kept: marksKept, media_deleted: gallery.deleted, media_untagged: gallery.untagged,
      family_export_files_deleted: exportFiles.length, sync_batches_scrubbed: batchesScrubbed, audit_entries_redacted: entriesRedacted,
    },
    description: 'A child\'s data was erased',
  });
  const keys = [...gallery.fileKeys, ...exportFiles.map((name) => `${church.id}/${name}`)];
  if (keys.length > 0) afterCommit(() => storage.deleteMany(keys));
  return { message: PRIVACY_MESSAGES.erased };
}
