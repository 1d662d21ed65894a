import { and, desc, eq } from 'drizzle-orm';
import { childDataReads } from '../../../drizzle/schema/index.js';
import type { AccessLogKind } from '../../../common/schemas/privacy.js';
import type { Tx } from '../../db/index.js';

/** What the access log records a read of: a medical note, a family export, consent records, a
 * safety card, guardians, pickups, the consent form, a child on a follow-up list. */
export type ChildDataKind = AccessLogKind;

/** The reader as the log keeps them: their name and role as they were (the account may change or go). */
export interface Reader { id: string; name: string; role: string }

// What the access log keeps of a child, for a child's erasure and the family's export (server/child-data.ts).
export { accessLogChildData } from './child-data.js';

/**
 * Records a read of a child's sensitive data in the transaction that reads it, so a read that fails
 * to be logged fails. Row-level security keeps the entry in the transaction's church.
 */
export async function recordChildDataRead(tx: Tx, entry: { churchId: string; studentId: string; kind: ChildDataKind; reader: Reader }): Promise<Date> {
  const [row] = await tx.insert(childDataReads).values({
    churchId: entry.churchId, studentId: entry.studentId, kind: entry.kind,
    readerId: entry.reader.id, readerName: entry.reader.name, readerRole: entry.reader.role,
  }).returning({ readAt: childDataReads.readAt });
  return row.readAt;
}

/**
 * Records one read of the same kind of several children's data (a list that names many children,
 * the follow-up list) in one multi-row INSERT in the transaction that reads it: one statement per
 * request, whatever the number of children.
 */
export async function recordChildDataReads(tx: Tx, entry: { churchId: string; studentIds: readonly string[]; kind: ChildDataKind; reader: Reader }) {
  if (entry.studentIds.length === 0) return;
  await tx.insert(childDataReads).values([...new Set(entry.studentIds)].map((studentId) => ({
    churchId: entry.churchId, studentId, kind: entry.kind,
    readerId: entry.reader.id, readerName: entry.reader.name, readerRole: entry.reader.role,
  })));
}

/** The reads of one kind of a child's data, newest first. */
export function readsOfChild(tx: Tx, churchId: string, studentId: string, kind: ChildDataKind) {
  return tx.select({
    readerId: childDataReads.readerId, readerName: childDataReads.readerName, readerRole: childDataReads.readerRole,
    readAt: childDataReads.readAt,
  }).from(childDataReads).where(and(eq(childDataReads.churchId, churchId), eq(childDataReads.studentId, studentId), eq(childDataReads.kind, kind)))
    .orderBy(desc(childDataReads.readAt), desc(childDataReads.id));
}
