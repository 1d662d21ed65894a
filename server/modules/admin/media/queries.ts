import { and, count, eq, like, not, or, sql, type SQL } from 'drizzle-orm';
import { churches, media } from '../../../../drizzle/schema/index.js';
import type { AdminMediaType } from '../../../../common/schemas/admin-people.js';
import type { Tx } from '../../../db/index.js';

// The platform transaction reads across churches (no row-level security): a statement about one
// church's media names that church's id itself, so it uses the (church_id, ...) keys.

export interface AdminMediaFilters {
  churchId?: string;
  type?: AdminMediaType;
}

const isImage = like(media.fileType, 'image/%');
const isVideo = like(media.fileType, 'video/%');
const TYPE_WHERE: Record<AdminMediaType, SQL> = {
  image: isImage,
  video: isVideo,
  document: not(or(isImage, isVideo)!),
};

const whereOf = (filters: AdminMediaFilters) => and(
  filters.churchId ? eq(media.churchId, filters.churchId) : undefined,
  filters.type ? TYPE_WHERE[filters.type] : undefined,
);

const ADMIN_MEDIA_COLUMNS = {
  id: media.id,
  churchId: media.churchId,
  title: media.title,
  description: media.description,
  academicYear: media.academicYear,
  department: media.department,
  fileType: media.fileType,
  fileName: media.fileName,
  filePath: media.filePath,
  fileSize: media.fileSize,
  thumbnailPath: media.thumbnailPath,
  webPath: media.webPath,
  uploadedByName: media.uploadedByName,
  createdAt: media.createdAt,
  churchName: churches.name,
  churchCode: churches.code,
};

export type AdminMediaRow = NonNullable<Awaited<ReturnType<typeof findMediaById>>>;

/** Newest first, spelled as media_church_created_idx is built (DESC NULLS LAST), so a church's page
 * is read from that index. */
export function selectMediaPage(tx: Tx, filters: AdminMediaFilters, page: { limit: number; offset: number }) {
  return tx.select(ADMIN_MEDIA_COLUMNS).from(media).innerJoin(churches, eq(churches.id, media.churchId))
    .where(whereOf(filters))
    .orderBy(sql`${media.createdAt} desc nulls last`, sql`${media.id} desc nulls last`)
    .limit(page.limit).offset(page.offset);
}

export async function countMedia(tx: Tx, filters: AdminMediaFilters): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(media).where(whereOf(filters));
  return row.n;
}

/** One item by id alone, with its church. The primary key is (church_id, id): without an index on
 * media(id) this reads every church's media (proposed: `create index media_id_idx on media (id)`). */
export async function findMediaById(tx: Tx, id: string) {
  const [row] = await tx.select(ADMIN_MEDIA_COLUMNS).from(media).innerJoin(churches, eq(churches.id, media.churchId))
    .where(eq(media.id, id)).limit(1);
  return row;
}

/** Deletes the item, locked by the delete itself; answers whether it was still there (a concurrent
 * delete of the same item answers 404 to the second caller, whose files are then not touched). */
export async function deleteMediaRow(tx: Tx, churchId: string, id: string): Promise<boolean> {
  const rows = await tx.delete(media).where(and(eq(media.churchId, churchId), eq(media.id, id))).returning({ id: media.id });
  return rows.length > 0;
}
