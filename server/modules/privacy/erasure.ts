import { and, eq, getTableName } from 'drizzle-orm';
import type { z } from 'zod';
import { auditLog, students } from '../../../drizzle/schema/index.js';
import { confirmsName, PRIVACY_MESSAGES, type eraseStudentInput } from '../../../common/schemas/privacy.js';
import type { ChildData } from '../../core/child-data.js';
import type { TenantScope } from '../../core/scopes.js';
import { badRequest } from '../../core/errors.js';
import type { Database, Tx } from '../../db/index.js';
import { enterChurchForJob } from '../../doors/job.js';
import { auditChurchChange, type ChurchChange } from '../audit/index.js';
import type { MediaStorage } from '../media-storage/index.js';
import { findAccessibleStudent, lockStudent } from '../students/index.js';
import { appendErasure, type ErasureRecord } from './erasure-journal.js';
import { redactAuditOfChild } from './queries.js';

/** The tables whose dead rows an erasure purges from the database's files once it has committed:
 * those of the child's data that held the child's name, notes or family, and the audit log. */
function purgedTables(childData: readonly ChildData[]): string[] {
  const parts = childData.flatMap((part) => part.tables.filter((table) => table.purge).map((table) => getTableName(table.table)));
  return [...parts, getTableName(auditLog)];
}

/**
 * Erases the (locked) child's data in the tenant transaction `tx` of the child's church, each part
 * of `childData` in its turn, last to first (the child's own row last); answers the stored files to
 * remove once it commits. See eraseStudent.
 */
async function eraseChildRows(tx: Tx, childData: readonly ChildData[], churchId: string, studentId: string, user: ChurchChange['user']): Promise<string[]> {
  const rowIds: string[] = [];
  const fileKeys: string[] = [];
  const counts: Record<string, number> = {};
  for (const part of [...childData].reverse()) {
    const done = await part.erase?.(tx, { churchId, studentId });
    rowIds.push(...done?.rowIds ?? []);
    fileKeys.push(...done?.fileKeys ?? []);
    Object.assign(counts, done?.counts);
  }
  const entriesRedacted = await redactAuditOfChild(tx, [studentId, ...rowIds]);
  await auditChurchChange(tx, {
    user, action: 'student.erased', resourceType: 'student', resourceId: null,
    details: { ...counts, audit_entries_redacted: entriesRedacted },
    description: 'A child\'s data was erased',
  });
  return fileKeys;
}

/** After the commit: the stored files removed, the erased rows purged from the database's files, and
 * the child's ids added to the erasure journal beside the backups. */
async function afterErasure(deps: ErasureDeps, keys: string[], record: ErasureRecord) {
  await appendErasure(deps.journal, record);
  if (keys.length > 0) await deps.storage.deleteMany(keys);
  await deps.db.purgeDeadRows(purgedTables(deps.childData));
}

/** What an erasure works through: the child's data, part by part, and beside its transaction the
 * database (to purge), the file storage, and the erasure journal's file. */
export interface ErasureDeps {
  childData: readonly ChildData[];
  db: Database;
  storage: MediaStorage;
  journal: string;
}

/**
 * POST /api/students/{id}/erase (super_admin, principal): erases a child for good, in the request's
 * one tenant transaction, once the user typed the child's name exactly (NFC, trimmed). No undo.
 *
 * Each part of the child's data (server/child-data.ts) erases its rows as its owner says: among
 * them, the attendance marks are kept under one new random id with the child's enrolments (every
 * report keeps its totals), media showing the child alone go, and the student row goes last, taking
 * with it what hangs on it by its foreign keys. Then the audit log: earlier entries tied to the
 * child's ids are redacted, keeping who did what (redact_church_audit_of_child; no other entry is
 * touched), and one entry `student.erased` says an erasure happened and who did it, naming neither
 * the child nor the child's id (resource_id null) and holding counts only.
 *
 * Once the transaction has committed (a rollback leaves nothing half gone), as background work: the
 * child's ids go into the erasure journal (BACKUP_DIR/erasure-journal.jsonl; a restore re-applies
 * it), the files are removed, and the touched tables' dead rows are purged from the database's files.
 */
export async function eraseStudent(scope: TenantScope, deps: ErasureDeps, input: z.output<typeof eraseStudentInput>) {
  const { tx, user, church, afterCommit } = scope;
  const student = await findAccessibleStudent(scope, input.id);
  // Every other write of the child's lists waits for this lock, then finds no child.
  await lockStudent(tx, church.id, student.id);
  if (!confirmsName(input.confirm_name, student.name)) throw badRequest(PRIVACY_MESSAGES.confirmName, { reason: 'name_mismatch' });
  const keys = await eraseChildRows(tx, deps.childData, church.id, student.id, user);
  const record = { church_id: church.id, student_id: student.id, erased_at: new Date().toISOString() };
  afterCommit(() => afterErasure(deps, keys, record));
  return { message: PRIVACY_MESSAGES.erased };
}

/**
 * After a restore: erases again every child of the journal that the restored database still holds
 * (an archive taken before the erasure), each in a tenant transaction of its church, audited as the
 * restore's; then removes their files and purges the dead rows. Answers how many were erased again.
 */
export async function reapplyErasures(
  db: Database, storage: MediaStorage, childData: readonly ChildData[], records: readonly ErasureRecord[],
): Promise<number> {
  const restore = { id: null, name: 'the restore of a backup (erasure journal)', role: 'system' };
  let erased = 0;
  const keys: string[] = [];
  for (const record of records) {
    const files = await enterChurchForJob(db, record.church_id, async ({ tx }) => {
      const [found] = await tx.select({ id: students.id }).from(students)
        .where(and(eq(students.churchId, record.church_id), eq(students.id, record.student_id))).for('update');
      return found ? eraseChildRows(tx, childData, record.church_id, found.id, restore) : undefined;
    });
    if (files === undefined) continue;
    erased++;
    keys.push(...files);
  }
  if (erased > 0) {
    if (keys.length > 0) await storage.deleteMany(keys);
    await db.purgeDeadRows(purgedTables(childData));
  }
  return erased;
}
