import { and, asc, eq } from 'drizzle-orm';
import { media, mediaChildren } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';

/** The media a child is tagged in, oldest first: each item's title, original file name and stored
 * name (under the church's storage prefix) and type. Row-level security keeps it to the church. */
export function mediaOfChild(tx: Tx, studentId: string): Promise<Array<{ id: string; title: string; fileName: string; filePath: string; fileType: string }>> {
  return tx.select({ id: media.id, title: media.title, fileName: media.fileName, filePath: media.filePath, fileType: media.fileType })
    .from(mediaChildren)
    .innerJoin(media, and(eq(media.churchId, mediaChildren.churchId), eq(media.id, mediaChildren.mediaId)))
    .where(eq(mediaChildren.studentId, studentId))
    .orderBy(asc(media.createdAt), asc(media.id));
}
