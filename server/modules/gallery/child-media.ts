import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { media, mediaChildren } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';
import { lacksConsent } from '../consent-records/index.js';

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
 * Every item of the church the child is tagged in, newest first, whatever anyone's consent: what a
 * family export gathers. It only reads.
 */
export function mediaOfChild(tx: Tx, churchId: string, studentId: string): Promise<ChildMedia[]> {
  return tx.select({
    id: media.id, churchId: media.churchId, title: media.title, fileType: media.fileType, fileName: media.fileName,
    filePath: media.filePath, thumbnailPath: media.thumbnailPath, webPath: media.webPath, createdAt: media.createdAt,
  }).from(mediaChildren)
    .innerJoin(media, and(eq(media.churchId, mediaChildren.churchId), eq(media.id, mediaChildren.mediaId)))
    .where(and(eq(mediaChildren.churchId, churchId), eq(mediaChildren.studentId, studentId)))
    .orderBy(desc(media.createdAt), desc(media.id));
}

/**
 * Of these media of a child, those that also show another child without photo consent in force
 * (never given, or withdrawn): a family's export leaves them out, as the gallery hides them from
 * guests. One statement whatever the number of items.
 */
export async function mediaShowingOthersWithoutConsent(tx: Tx, churchId: string, studentId: string, mediaIds: string[]): Promise<Set<string>> {
  if (mediaIds.length === 0) return new Set();
  const rows = await tx.selectDistinct({ mediaId: mediaChildren.mediaId }).from(mediaChildren)
    .where(and(eq(mediaChildren.churchId, churchId), inArray(mediaChildren.mediaId, mediaIds), ne(mediaChildren.studentId, studentId),
      lacksConsent(churchId, sql`${mediaChildren.studentId}`, 'photos')));
  return new Set(rows.map((r) => r.mediaId));
}
