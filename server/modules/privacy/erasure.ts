import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { students } from '../../../drizzle/schema/index.js';
import { confirmsName, PRIVACY_MESSAGES, type eraseStudentInput } from '../../../common/schemas/privacy.js';
import type { TenantScope } from '../../core/scopes.js';
import { badRequest } from '../../core/errors.js';
import type { Database, Tx } from '../../db/index.js';
import { auditChurchChange, type ChurchChange } from '../audit/index.js';
import { eraseChildFromMedia } from '../gallery/index.js';
import type { MediaStorage } from '../media-storage/index.js';
import { deleteStudentRow, findAccessibleStudent, lockStudent } from '../students/index.js';
import { appendErasure, type ErasureRecord } from './erasure-journal.js';
import { keepErasedEnrolments, reKeyAttendance, redactAuditOfChild, rowsOfChild, scrubSyncLedger } from './queries.js';

/** The tables an erasure deletes from or rewrites that held the child's name, notes or family:
 * their dead rows are purged from the database's files after the commit. */
const ERASED_TABLES = [
  'students', 'student_guardians', 'student_pickups', 'student_care', 'student_consents', 'consent_links', 'follow_up_contacts',
  'family_exports', 'media', 'media_children', 'attendance_sync_batches', 'audit_log',
] as const;

/**
 * Erases the (locked) child's data in the tenant transaction `tx` of the child's church; answers the
 * stored files to remove once it commits. See eraseStudent.
 */
async function eraseChildRows(tx: Tx, churchId: string, studentId: string, user: ChurchChange['user']): Promise<string[]> {
  const marksId = randomUUID();
  const { ids, exportFiles } = await rowsOfChild(tx, studentId);
  const marksKept = await reKeyAttendance(tx, studentId, marksId);
  await keepErasedEnrolments(tx, churchId, studentId, marksId);
  const gallery = await eraseChildFromMedia(tx, studentId);
  const batchesScrubbed = await scrubSyncLedger(tx, studentId, marksId);
  await deleteStudentRow(tx, studentId);
  const entriesRedacted = await redactAuditOfChild(tx, [studentId, ...ids]);
  await auditChurchChange(tx, {
    user, action: 'student.erased', resourceType: 'student', resourceId: null,
    details: {
      attendance_marks_kept: marksKept, media_deleted: gallery.deleted, media_untagged: gallery.untagged,
      family_export_files_deleted: exportFiles.length, sync_batches_scrubbed: batchesScrubbed, audit_entries_redacted: entriesRedacted,
    },
    description: 'A child\'s data was erased',
  });
  return [...gallery.fileKeys, ...exportFiles.map((name) => `${churchId}/${name}`)];
}

/** After the commit: the stored files removed, the erased rows purged from the database's files, and
 * the child's ids added to the erasure journal beside the backups. */
async function afterErasure(db: Database, storage: MediaStorage, keys: string[], journal: string, record: ErasureRecord) {
  await appendErasure(journal, record);
  if (keys.length > 0) await storage.deleteMany(keys);
  await db.purgeDeadRows(ERASED_TABLES);
}

/** What an erasure touches beside its transaction: the database (to purge), the file storage, and the
 * erasure journal's file. */
export interface ErasureDeps {
  db: Database;
  storage: MediaStorage;
  journal: string;
}

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
 *   (redact_church_audit_of_child; no other entry is touched), then one entry `student.erased` says
 *   an erasure happened and who did it, naming neither the child nor the child's id (resource_id
 *   null) and holding counts only.
 *
 * Once the transaction has committed (a rollback leaves nothing half gone), as background work: the
 * child's ids go into the erasure journal (BACKUP_DIR/erasure-journal.jsonl; a restore re-applies
 * it), the files are removed, and the touched tables' dead rows are purged from the database's files.
 */
export async function eraseStudent(scope: TenantScope, deps: ErasureDeps, input: z.output<typeof eraseStudentInput>) {
  const { tx, user, church, afterCommit } = scope;
  const student = await findAccessibleStudent(scope, input.id);
  // Every other write of the child's lists waits for this lock, then finds no child.
  await lockStudent(tx, student.id);
  if (!confirmsName(input.confirm_name, student.name)) throw badRequest(PRIVACY_MESSAGES.confirmName, { reason: 'name_mismatch' });
  const keys = await eraseChildRows(tx, church.id, student.id, user);
  const record = { church_id: church.id, student_id: student.id, erased_at: new Date().toISOString() };
  afterCommit(() => afterErasure(deps.db, deps.storage, keys, deps.journal, record));
  return { message: PRIVACY_MESSAGES.erased };
}

/**
 * After a restore: erases again every child of the journal that the restored database still holds
 * (an archive taken before the erasure), each in a tenant transaction of its church, audited as the
 * restore's; then removes their files and purges the dead rows. Answers how many were erased again.
 */
export async function reapplyErasures(db: Database, storage: MediaStorage, records: readonly ErasureRecord[]): Promise<number> {
  const restore = { id: null, name: 'the restore of a backup (erasure journal)', role: 'system' };
  let erased = 0;
  const keys: string[] = [];
  for (const record of records) {
    const files = await db.withTenant(record.church_id, async (tx) => {
      const [found] = await tx.select({ id: students.id }).from(students)
        .where(and(eq(students.churchId, record.church_id), eq(students.id, record.student_id))).for('update');
      return found ? eraseChildRows(tx, record.church_id, found.id, restore) : undefined;
    });
    if (files === undefined) continue;
    erased++;
    keys.push(...files);
  }
  if (erased > 0) {
    if (keys.length > 0) await storage.deleteMany(keys);
    await db.purgeDeadRows(ERASED_TABLES);
  }
  return erased;
}
