import type { ChurchRole } from '../../../common/constants.js';
import { mediaKindOf, seesMediaWithoutConsent, seesOriginals } from '../../../common/media-limits.js';
import type { MediaAudience, MediaUrlSigner } from '../media-storage/index.js';
import type { MediaRow, TaggedChild } from './queries.js';

/** What a viewer of the gallery is given, by their role. */
export interface MediaViewer {
  /** A photo's original (else its web copy in its place). */
  originals: boolean;
  /** Who the file addresses are signed for: a guest's are checked against photo consent on each fetch. */
  audience: MediaAudience;
  /** The children tagged in each item and whether one lacks photo consent (never for a guest: no
   * children's names leave the church's staff). */
  children: boolean;
}

export function viewerOf(role: ChurchRole): MediaViewer {
  const manager = seesMediaWithoutConsent(role);
  return { originals: seesOriginals(role), audience: manager ? 'm' : 'g', children: manager };
}

/** A child tagged in an item, as a manager sees it. */
interface TaggedChildDto { id: string; name: string; photo_consent: boolean }

/**
 * A gallery item as the client shows it. `file_path` is the stored name (the
 * `{filename}` of GET /api/gallery/image); the URLs are signed and stop working at
 * `urls_expire_at`, after which the list is asked again. `thumbnail_url` and `web_url` are the
 * derived copies of a photo (null for videos and PDFs). Only those who may download originals
 * (`seesOriginals`) get a photo's original. Managers also get `children` (tagged, by name) and
 * `consent_missing` (one of them lacks photo consent, so guests do not see the item).
 */
export function toMediaItemDto(row: MediaRow, urls: MediaUrlSigner, viewer: MediaViewer, tagged: readonly TaggedChild[] = []) {
  const urlOf = (name: string | null) => (name ? urls.urlFor(row.churchId, name, viewer.audience) : null);
  // Who may not have originals (a guest) gets a photo's web copy in their place: its address and
  // its stored name, never the original's.
  const shownPath = !viewer.originals && row.webPath ? row.webPath : row.filePath;
  const item: {
    id: string; title: string; description: string | null; academic_year: string; month: string; department: string;
    file_type: string; kind: 'image' | 'pdf' | 'video'; file_name: string; file_path: string; file_size: number;
    file_url: string; thumbnail_url: string | null; web_url: string | null; uploaded_by_name: string; created_at: string;
    children?: TaggedChildDto[]; consent_missing?: boolean;
  } = {
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
    file_url: urls.urlFor(row.churchId, shownPath, viewer.audience),
    thumbnail_url: urlOf(row.thumbnailPath),
    web_url: urlOf(row.webPath),
    uploaded_by_name: row.uploadedByName,
    created_at: row.createdAt.toISOString(),
  };
  if (viewer.children) {
    const children = tagged.filter((c) => c.mediaId === row.id);
    item.children = children.map((c) => ({ id: c.id, name: c.name, photo_consent: c.photoConsent }));
    item.consent_missing = children.some((c) => !c.photoConsent);
  }
  return item;
}
export type MediaItemDto = ReturnType<typeof toMediaItemDto>;
