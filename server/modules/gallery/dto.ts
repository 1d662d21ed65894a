import { mediaKindOf } from '../../../common/media-limits.js';
import type { MediaUrlSigner } from '../media-storage/index.js';
import type { MediaRow } from './queries.js';

/**
 * A gallery item as the client shows it. `file_path` is the stored name (the
 * `{filename}` of GET /api/gallery/image); the URLs are signed and stop working at
 * `urls_expire_at`, after which the list is asked again. `thumbnail_url` and `web_url` are the
 * derived copies of a photo (null for videos and PDFs). Only those who may download originals
 * (`seesOriginals`) get a photo's original.
 */
export function toMediaItemDto(row: MediaRow, urls: MediaUrlSigner, viewer: { originals: boolean }) {
  const urlOf = (name: string | null) => (name ? urls.urlFor(row.churchId, name) : null);
  // Who may not have originals (a guest) gets a photo's web copy in their place: its address and
  // its stored name, never the original's.
  const shownPath = !viewer.originals && row.webPath ? row.webPath : row.filePath;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    academic_year: row.academicYear,
    month: row.month,
    department: row.department,
    file_type: row.fileType,
    kind: mediaKindOf(row.fileType) ?? 'pdf',
    file_name: row.fileName,
    file_path: shownPath,
    file_size: row.fileSize,
    file_url: urls.urlFor(row.churchId, shownPath),
    thumbnail_url: urlOf(row.thumbnailPath),
    web_url: urlOf(row.webPath),
    uploaded_by_name: row.uploadedByName,
    created_at: row.createdAt.toISOString(),
  };
}
export type MediaItemDto = ReturnType<typeof toMediaItemDto>;
