import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { attendance, churches, classes, familyExports, mediaChildren, students } from '../../../drizzle/schema/index.js';
import { churchRows, type Tx } from '../../db/index.js';
import { lacksConsent } from '../consent-records/index.js';

// Row-level security limits every statement in a tenant transaction to its church; the one lookup
// across churches (a download link's export, by its token's hash) runs in the platform door.

export type ExportRow = typeof familyExports.$inferSelect;

export async function insertExport(tx: Tx, values: typeof familyExports.$inferInsert): Promise<ExportRow> {
  const [row] = await tx.insert(familyExports).values(values).returning();
  return row;
}

/** A child's exports, newest first. */
export function selectExportsOf(tx: Tx, studentId: string): Promise<ExportRow[]> {
  return tx.select().from(familyExports).where(and(churchRows(tx, familyExports), eq(familyExports.studentId, studentId)))
    .orderBy(desc(familyExports.createdAt), desc(familyExports.id));
}

export async function selectExport(tx: Tx, id: string): Promise<ExportRow | undefined> {
  const [row] = await tx.select().from(familyExports).where(and(churchRows(tx, familyExports), eq(familyExports.id, id)));
  return row;
}

/** The made file is in storage: the export becomes ready (only from pending; false if it is gone). */
export async function markReady(tx: Tx, id: string, values: { storageName: string; bytes: number; tokenHash: string; expiresAt: Date }) {
  const rows = await tx.update(familyExports).set({ status: 'ready', ...values })
    .where(and(churchRows(tx, familyExports), eq(familyExports.id, id), eq(familyExports.status, 'pending'))).returning({ id: familyExports.id });
  return rows.length > 0;
}

export async function markFailed(tx: Tx, id: string) {
  await tx.update(familyExports).set({ status: 'failed' }).where(and(churchRows(tx, familyExports), eq(familyExports.id, id), eq(familyExports.status, 'pending')));
}

/** A new download token for a ready export not yet expired, with who asked for it; the token it
 * replaces stops working. Undefined when the export is not (or no longer) downloadable. */
export async function setLink(tx: Tx, id: string, tokenHash: string, by: { id: string; name: string; role: string }) {
  const [row] = await tx.update(familyExports).set({ tokenHash, linkBy: by.id, linkByName: by.name, linkByRole: by.role })
    .where(and(churchRows(tx, familyExports), eq(familyExports.id, id), eq(familyExports.status, 'ready'), gt(familyExports.expiresAt, sql`now()`)))
    .returning();
  return row;
}

/** Takes the one download of a link: ready → downloaded, in one conditional statement, so of two
 * requests at once exactly one gets the file. Undefined when the link was used or has expired. */
export async function claimDownload(tx: Tx, id: string, tokenHash: string) {
  const [row] = await tx.update(familyExports).set({ status: 'downloaded', downloadedAt: new Date() })
    .where(and(churchRows(tx, familyExports), eq(familyExports.id, id), eq(familyExports.tokenHash, tokenHash), eq(familyExports.status, 'ready'),
      gt(familyExports.expiresAt, sql`now()`)))
    .returning();
  return row;
}

/** Platform door: the church and id of the export a link's token names. */
export async function findExportByToken(tx: Tx, tokenHash: string) {
  const [row] = await tx.select({ churchId: familyExports.churchId, id: familyExports.id })
    .from(familyExports).where(eq(familyExports.tokenHash, tokenHash)).limit(1);
  return row;
}

/** The child as their export describes them (undefined once the child is deleted). */
export async function selectProfile(tx: Tx, studentId: string) {
  const [row] = await tx.select({
    name: students.name, dateOfBirth: students.dateOfBirth, className: classes.className, section: classes.section,
    academicYear: students.academicYear, active: students.active,
  }).from(students)
    .innerJoin(classes, and(eq(classes.churchId, students.churchId), eq(classes.id, students.classId)))
    .where(and(churchRows(tx, students), eq(students.id, studentId)));
  return row;
}

/** Every attendance mark of the child, oldest first, with the class it was taken in. */
export function selectMarks(tx: Tx, churchId: string, studentId: string) {
  return tx.select({ date: attendance.date, className: classes.className, section: classes.section, status: attendance.status })
    .from(attendance)
    .innerJoin(classes, and(eq(classes.churchId, attendance.churchId), eq(classes.id, attendance.classId)))
    .where(and(eq(attendance.churchId, churchId), eq(attendance.studentId, studentId)))
    .orderBy(asc(attendance.date));
}

/** The church's name, code, default language and retention setting. */
export async function selectChurch(tx: Tx, churchId: string) {
  const [row] = await tx.select({
    id: churches.id, name: churches.name, code: churches.code, defaultLanguage: churches.defaultLanguage, retentionYears: churches.retentionYears,
  }).from(churches).where(eq(churches.id, churchId));
  return row;
}

/**
 * Of these media of a child, those that also show another child without photo consent in force
 * (never given, or withdrawn): a family's export leaves them out, as the gallery hides them from
 * guests. One statement whatever the number of items.
 */
export async function selectMediaShowingOthersWithoutConsent(tx: Tx, studentId: string, mediaIds: string[]): Promise<Set<string>> {
  if (mediaIds.length === 0) return new Set();
  const rows = await tx.selectDistinct({ mediaId: mediaChildren.mediaId }).from(mediaChildren)
    .where(and(churchRows(tx, mediaChildren), inArray(mediaChildren.mediaId, mediaIds), ne(mediaChildren.studentId, studentId),
      lacksConsent(tx, sql`${mediaChildren.studentId}`, 'photos')));
  return new Set(rows.map((r) => r.mediaId));
}
