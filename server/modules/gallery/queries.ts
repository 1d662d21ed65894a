import { and, count, eq, getTableColumns, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { media, mediaChildren, students } from '../../../drizzle/schema/index.js';
import { byName, type Tx } from '../../db/index.js';
import { lacksConsent } from '../consent-records/index.js';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

// Row-level security limits every statement here to the church of the tenant transaction.

export interface MediaFilters {
  academicYear?: string;
  month?: string;
  department?: string;
  /** Leave out the items hidden by photo consent (for those who are not shown them). */
  consentedOnly?: boolean;
}

/**
 * The item is hidden by photo consent: a child tagged in it lacks photo consent in force (never
 * given, or withdrawn). One probe of media_children's key per item and one of the consent index
 * per tagged child, so a page of ids still comes from the index alone.
 */
const hiddenByConsent = (churchId: string) => {
  // The church named as a constant (not as media's column): on Citus a subquery routes with its
  // statement only when each of its tables names the church.
  const mc = alias(mediaChildren, 'mc');
  return sql`exists (
  select 1 from ${mediaChildren} mc
  where ${eq(mc.churchId, churchId)} and mc.media_id = ${media.id} and ${lacksConsent(churchId, sql`mc.student_id`, 'photos')})`;
};

function whereOf(churchId: string, filters: MediaFilters): SQL | undefined {
  return and(
    eq(media.churchId, churchId),
    filters.academicYear ? eq(media.academicYear, filters.academicYear) : undefined,
    filters.month ? eq(media.month, filters.month) : undefined,
    filters.department ? eq(media.department, filters.department) : undefined,
    filters.consentedOnly ? not(hiddenByConsent(churchId)) : undefined,
  );
}

/** Newest first, spelled as the indexes are built (`DESC NULLS LAST`): a plain DESC means NULLS
 * FIRST, which the planner cannot read from those indexes (it would sort every row of the church). */
const NEWEST_FIRST = [sql`${media.createdAt} desc nulls last`, sql`${media.id} desc nulls last`];

/**
 * One page of the church's media, newest first. The page's ids come from the index on
 * (church_id, created_at, id) alone (an index-only scan skips the rows of earlier pages without
 * reading them from the table), then only those rows are read: a deep page costs index entries,
 * not table pages scattered among other churches' rows.
 */
export function selectMediaPage(tx: Tx, churchId: string, filters: MediaFilters, page: { limit: number; offset: number }): Promise<MediaRow[]> {
  const pageIds = tx.select({ id: media.id }).from(media).where(whereOf(churchId, filters))
    .orderBy(...NEWEST_FIRST).limit(page.limit).offset(page.offset);
  return tx.select().from(media).where(and(eq(media.churchId, churchId), inArray(media.id, pageIds))).orderBy(...NEWEST_FIRST);
}

export async function countMedia(tx: Tx, churchId: string, filters: MediaFilters): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(media).where(whereOf(churchId, filters));
  return row.total;
}

/** The departments the church's media carry. */
export async function selectDepartments(tx: Tx, churchId: string): Promise<string[]> {
  const rows = await tx.selectDistinct({ department: media.department }).from(media).where(eq(media.churchId, churchId));
  return rows.map((r) => r.department);
}

export function insertMediaRows(tx: Tx, rows: NewMediaRow[]): Promise<MediaRow[]> {
  return tx.insert(media).values(rows).returning();
}

/** The item locked for deletion, or undefined when the church has no such item. */
export async function lockMedia(tx: Tx, churchId: string, id: string): Promise<MediaRow | undefined> {
  const [row] = await tx.select().from(media).where(and(eq(media.churchId, churchId), eq(media.id, id))).for('update');
  return row;
}

export async function deleteMediaRow(tx: Tx, churchId: string, id: string): Promise<void> {
  await tx.delete(media).where(and(eq(media.churchId, churchId), eq(media.id, id)));
}

/** The item one of whose stored files (original, thumbnail or web copy) has this name, and whether
 * photo consent hides it: one statement over the three indexed names. */
export async function findMediaByStoredName(tx: Tx, churchId: string, name: string): Promise<(MediaRow & { hidden: boolean }) | undefined> {
  const [row] = await tx.select({ ...getTableColumns(media), hidden: sql<boolean>`${hiddenByConsent(churchId)}` }).from(media)
    .where(and(eq(media.churchId, churchId), or(eq(media.filePath, name), eq(media.thumbnailPath, name), eq(media.webPath, name)))).limit(1);
  return row;
}

/** Whether photo consent hides the item that has a stored file of this name; undefined when the
 * church has no such file. What a guest's signed address costs on each fetch. */
export async function hiddenByConsentOf(tx: Tx, churchId: string, name: string): Promise<boolean | undefined> {
  const [row] = await tx.select({ hidden: sql<boolean>`${hiddenByConsent(churchId)}` }).from(media)
    .where(and(eq(media.churchId, churchId), or(eq(media.filePath, name), eq(media.thumbnailPath, name), eq(media.webPath, name)))).limit(1);
  return row?.hidden;
}

/** A child tagged in an item, and whether their photo consent is in force. */
export interface TaggedChild { mediaId: string; id: string; name: string; photoConsent: boolean }

/** The children tagged in these items, by name. */
export async function selectTaggedChildren(tx: Tx, churchId: string, mediaIds: readonly string[]): Promise<TaggedChild[]> {
  if (mediaIds.length === 0) return [];
  return tx.select({
    mediaId: mediaChildren.mediaId, id: students.id, name: students.name,
    photoConsent: sql<boolean>`not ${lacksConsent(churchId, sql`${mediaChildren.studentId}`, 'photos')}`,
  }).from(mediaChildren)
    .innerJoin(students, and(eq(students.churchId, mediaChildren.churchId), eq(students.id, mediaChildren.studentId)))
    .where(and(eq(mediaChildren.churchId, churchId), inArray(mediaChildren.mediaId, [...mediaIds])))
    .orderBy(byName(students.name), students.id);
}

/** Of these ids, those that are students of the church. */
export async function existingStudentIds(tx: Tx, churchId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: students.id }).from(students).where(and(eq(students.churchId, churchId), inArray(students.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Tags the items with the children: every item of `mediaIds` with every child of `studentIds`. */
export async function insertTags(tx: Tx, churchId: string, mediaIds: readonly string[], studentIds: readonly string[], taggedBy: string) {
  const rows = mediaIds.flatMap((mediaId) => studentIds.map((studentId) => ({ churchId, mediaId, studentId, taggedBy })));
  if (rows.length) await tx.insert(mediaChildren).values(rows);
}

/** The ids of the children tagged in the item. */
export async function selectTagIds(tx: Tx, churchId: string, mediaId: string): Promise<string[]> {
  const rows = await tx.select({ id: mediaChildren.studentId }).from(mediaChildren).where(and(eq(mediaChildren.churchId, churchId), eq(mediaChildren.mediaId, mediaId)));
  return rows.map((r) => r.id);
}

export async function deleteTags(tx: Tx, churchId: string, mediaId: string, studentIds: readonly string[]): Promise<void> {
  if (studentIds.length === 0) return;
  await tx.delete(mediaChildren).where(and(eq(mediaChildren.churchId, churchId), eq(mediaChildren.mediaId, mediaId), inArray(mediaChildren.studentId, [...studentIds])));
}
