import { and, desc, eq } from 'drizzle-orm';
import { sessionRecords } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';

export type RecordRow = typeof sessionRecords.$inferSelect;

// Row-level security limits every statement here to the church of the tenant transaction.

/** The church's records, newest session first. */
export function selectRecords(tx: Tx, churchId: string): Promise<RecordRow[]> {
  return tx.select().from(sessionRecords).where(eq(sessionRecords.churchId, churchId)).orderBy(desc(sessionRecords.date), desc(sessionRecords.createdAt), desc(sessionRecords.id));
}

export interface RecordValues { academicYear: string; month: string; date: Date; notes: string }

export async function insertRecord(tx: Tx, churchId: string, createdBy: string, values: RecordValues): Promise<RecordRow> {
  const [row] = await tx.insert(sessionRecords).values({ churchId, createdBy, ...values }).returning();
  return row;
}

/** The record locked for the change, or undefined when the church has no such record. */
export async function lockRecord(tx: Tx, churchId: string, id: string): Promise<RecordRow | undefined> {
  const [row] = await tx.select().from(sessionRecords).where(and(eq(sessionRecords.churchId, churchId), eq(sessionRecords.id, id))).for('update');
  return row;
}

export async function updateRecordRow(tx: Tx, churchId: string, id: string, values: RecordValues): Promise<RecordRow> {
  const [row] = await tx.update(sessionRecords).set({ ...values, updatedAt: new Date() })
    .where(and(eq(sessionRecords.churchId, churchId), eq(sessionRecords.id, id))).returning();
  return row;
}

export async function deleteRecordRow(tx: Tx, churchId: string, id: string): Promise<void> {
  await tx.delete(sessionRecords).where(and(eq(sessionRecords.churchId, churchId), eq(sessionRecords.id, id)));
}
