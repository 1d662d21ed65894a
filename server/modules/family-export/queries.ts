import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { churches, familyExports, students } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';

// Every statement names the church of its rows, which the caller passes (row-level security limits a
// tenant transaction to it as well); the one lookup across churches (a download link's export, by
// its token's hash) runs in the platform door.

export type ExportRow = typeof familyExports.$inferSelect;

export async function insertExport(tx: Tx, values: typeof familyExports.$inferInsert): Promise<ExportRow> {
  const [row] = await tx.insert(familyExports).values(values).returning();
  return row;
}

/** A child's exports, newest first. */
export function selectExportsOf(tx: Tx, churchId: string, studentId: string): Promise<ExportRow[]> {
  return tx.select().from(familyExports).where(and(eq(familyExports.churchId, churchId), eq(familyExports.studentId, studentId)))
    .orderBy(desc(familyExports.createdAt), desc(familyExports.id));
}

export async function selectExport(tx: Tx, churchId: string, id: string): Promise<ExportRow | undefined> {
  const [row] = await tx.select().from(familyExports).where(and(eq(familyExports.churchId, churchId), eq(familyExports.id, id)));
  return row;
}

/** The made file is in storage: the export becomes ready (only from pending; false if it is gone). */
export async function markReady(tx: Tx, churchId: string, id: string, values: { storageName: string; bytes: number; tokenHash: string; expiresAt: Date }) {
  const rows = await tx.update(familyExports).set({ status: 'ready', ...values })
    .where(and(eq(familyExports.churchId, churchId), eq(familyExports.id, id), eq(familyExports.status, 'pending'))).returning({ id: familyExports.id });
  return rows.length > 0;
}

export async function markFailed(tx: Tx, churchId: string, id: string) {
  await tx.update(familyExports).set({ status: 'failed' })
    .where(and(eq(familyExports.churchId, churchId), eq(familyExports.id, id), eq(familyExports.status, 'pending')));
}

/** A new download token for a ready export not yet expired, with who asked for it; the token it
 * replaces stops working. Undefined when the export is not (or no longer) downloadable. */
export async function setLink(tx: Tx, churchId: string, id: string, tokenHash: string, by: { id: string; name: string; role: string }) {
  const [row] = await tx.update(familyExports).set({ tokenHash, linkBy: by.id, linkByName: by.name, linkByRole: by.role })
    .where(and(eq(familyExports.churchId, churchId), eq(familyExports.id, id), eq(familyExports.status, 'ready'), gt(familyExports.expiresAt, sql`now()`)))
    .returning();
  return row;
}

/** Takes the one download of a link: ready → downloaded, in one conditional statement, so of two
 * requests at once exactly one gets the file. Undefined when the link was used or has expired. */
export async function claimDownload(tx: Tx, churchId: string, id: string, tokenHash: string) {
  const [row] = await tx.update(familyExports).set({ status: 'downloaded', downloadedAt: new Date() })
    .where(and(eq(familyExports.churchId, churchId), eq(familyExports.id, id), eq(familyExports.tokenHash, tokenHash),
      eq(familyExports.status, 'ready'), gt(familyExports.expiresAt, sql`now()`)))
    .returning();
  return row;
}

/** Platform door: the church and id of the export a link's token names. */
export async function findExportByToken(tx: Tx, tokenHash: string) {
  const [row] = await tx.select({ churchId: familyExports.churchId, id: familyExports.id })
    .from(familyExports).where(eq(familyExports.tokenHash, tokenHash)).limit(1);
  return row;
}

/** The child's name (undefined once the child is deleted). */
export async function selectChildName(tx: Tx, churchId: string, studentId: string): Promise<string | undefined> {
  const [row] = await tx.select({ name: students.name }).from(students).where(and(eq(students.churchId, churchId), eq(students.id, studentId)));
  return row?.name;
}

/** The church's name, code, default language, retention setting and time zone. */
export async function selectChurch(tx: Tx, churchId: string) {
  const [row] = await tx.select({
    id: churches.id, name: churches.name, code: churches.code, defaultLanguage: churches.defaultLanguage, retentionYears: churches.retentionYears,
    timeZone: churches.timeZone,
  }).from(churches).where(eq(churches.id, churchId));
  return row;
}
