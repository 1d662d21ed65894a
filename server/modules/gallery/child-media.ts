import { and, desc, eq } from 'drizzle-orm';
import { media, mediaChildren } from '../../../drizzle/schema/index.js';
import { churchRows, type Tx } from '../../db/index.js';

/** An item a child is tagged in, with the stored names of its files (under `<churchId>/`). */
interface ChildMedia {
  id: string;
  churchId: string;
  title: string;
  fileType: string;
  /** The name the uploader's browser gave the original. */
  fileName: string;
  /** Stored names: the original, and a photo's thumbnail and web copy (null for videos and PDFs). */
  filePath: string;
  thumbnailPath: string | null;
  webPath: string | null;
  createdAt: Date;
}

/**
 * Every item the child is tagged in, newest first, whatever anyone's consent: what a family export
 * gathers and an erasure must deal with. Each of those modules writes its own changes; this only
 * reads. Row-level security keeps it to the transaction's church.
 */
export function mediaOfChild(tx: Tx, studentId: string): Promise<ChildMedia[]> {
  return tx.select({
    id: media.id, churchId: media.churchId, title: media.title, fileType: media.fileType, fileName: media.fileName,
    filePath: media.filePath, thumbnailPath: media.thumbnailPath, webPath: media.webPath, createdAt: media.createdAt,
  }).from(mediaChildren)
    .innerJoin(media, and(eq(media.churchId, mediaChildren.churchId), eq(media.id, mediaChildren.mediaId)))
    .where(and(churchRows(tx, mediaChildren), eq(mediaChildren.studentId, studentId)))
    .orderBy(desc(media.createdAt), desc(media.id));
}
