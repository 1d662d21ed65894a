import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { media } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

// Row-level security limits every statement here to the church of the tenant transaction.

export interface MediaFilters {
  academicYear?: string;
  month?: string;
  department?: string;
}

function whereOf(filters: MediaFilters): SQL | undefined {
  return and(
    filters.academicYear ? eq(media.academicYear, filters.academicYear) : undefined,
    filters.month ? eq(media.month, filters.month) : undefined,
    filters.department ? eq(media.department, filters.department) : undefined,
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
export function selectMediaPage(tx: Tx, filters: MediaFilters, page: { limit: number; offset: number }): Promise<MediaRow[]> {
  const pageIds = tx.select({ id: media.id }).from(media).where(whereOf(filters))
    .orderBy(...NEWEST_FIRST).limit(page.limit).offset(page.offset);
  return tx.select().from(media).where(inArray(media.id, pageIds)).orderBy(...NEWEST_FIRST);
}

export async function countMedia(tx: Tx, filters: MediaFilters): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(media).where(whereOf(filters));
  return row.total;
}

/** The departments the church's media carry. */
export async function selectDepartments(tx: Tx): Promise<string[]> {
  const rows = await tx.selectDistinct({ department: media.department }).from(media);
  return rows.map((r) => r.department);
}

export function insertMediaRows(tx: Tx, rows: NewMediaRow[]): Promise<MediaRow[]> {
  return tx.insert(media).values(rows).returning();
}

/** The item locked for deletion, or undefined when the church has no such item. */
export async function lockMedia(tx: Tx, id: string): Promise<MediaRow | undefined> {
  const [row] = await tx.select().from(media).where(eq(media.id, id)).for('update');
  return row;
}

export async function deleteMediaRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(media).where(eq(media.id, id));
}

/** The item one of whose stored files (original, thumbnail or web copy) has this name. */
export async function findMediaByStoredName(tx: Tx, name: string): Promise<MediaRow | undefined> {
  const [row] = await tx.select().from(media)
    .where(or(eq(media.filePath, name), eq(media.thumbnailPath, name), eq(media.webPath, name))).limit(1);
  return row;
}
