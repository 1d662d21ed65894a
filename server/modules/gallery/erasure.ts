import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import { media, mediaChildren } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';

/** What erasing a child did to the gallery: the items deleted, their stored files' keys (to remove
 * after the commit), and how many other items lost the child's tag. */
interface ChildMediaErasure {
  deleted: number;
  untagged: number;
  fileKeys: string[];
}

/**
 * Takes a child out of the church's gallery, in the erasing transaction: an item in which this child
 * alone is tagged shows the child and nobody else, so it is deleted (its row now, its files by the
 * caller once the transaction commits, as deleting an item does); an item that shows other tagged
 * children too stays for them and only loses this child's tag. The items are locked first, so a tag
 * added at the same moment waits and then finds its item gone.
 */
export async function eraseChildFromMedia(tx: Tx, churchId: string, studentId: string): Promise<ChildMediaErasure> {
  const others = tx.select({ one: sql`1` }).from(mediaChildren)
    .where(and(eq(mediaChildren.churchId, churchId), eq(mediaChildren.mediaId, media.id), ne(mediaChildren.studentId, studentId)));
  const tagged = tx.select({ id: mediaChildren.mediaId }).from(mediaChildren)
    .where(and(eq(mediaChildren.churchId, churchId), eq(mediaChildren.studentId, studentId)));
  const alone = await tx.select({
    id: media.id, churchId: media.churchId, filePath: media.filePath, thumbnailPath: media.thumbnailPath, webPath: media.webPath,
  }).from(media).where(and(eq(media.churchId, churchId), inArray(media.id, tagged), notExists(others))).for('update');
  if (alone.length > 0) await tx.delete(media).where(and(eq(media.churchId, churchId), inArray(media.id, alone.map((row) => row.id))));
  const untagged = await tx.delete(mediaChildren).where(and(eq(mediaChildren.churchId, churchId), eq(mediaChildren.studentId, studentId)))
    .returning({ id: mediaChildren.mediaId });
  const fileKeys = alone.flatMap((row) => [row.filePath, row.thumbnailPath, row.webPath]
    .filter((name): name is string => Boolean(name)).map((name) => `${row.churchId}/${name}`));
  return { deleted: alone.length, untagged: untagged.length, fileKeys };
}
