import { fileTypeFromBuffer } from 'file-type';
import { MEDIA_MAX_BYTES, MEDIA_MAX_MB, MEDIA_MESSAGES, mediaKindOf, type MediaKind } from '../../../common/media-limits.js';
import { badRequest, payloadTooLarge } from '../../core/errors.js';

/** How many leading bytes to read before deciding: enough for every signature file-type knows of
 * the accepted formats (its own sample size). */
export const MEDIA_SNIFF_BYTES = 4100;

interface DetectedMedia {
  kind: MediaKind;
  /** The MIME type the content says, e.g. image/jpeg. */
  mime: string;
  /** The usual extension of that type, without the dot (the stored name's ending). */
  ext: string;
}

/**
 * The type of a file from its first bytes (magic numbers), never from its name or the type the
 * browser sent: a page named photo.jpg is still a page. Throws a 400 naming the file when the
 * content is none of the accepted formats.
 */
export async function detectMediaType(head: Uint8Array, fileName: string): Promise<DetectedMedia> {
  const found = await fileTypeFromBuffer(head.subarray(0, MEDIA_SNIFF_BYTES));
  const kind = found && mediaKindOf(found.mime);
  if (!found || !kind) throw badRequest(MEDIA_MESSAGES.wrongType(fileName), { reason: 'media_type' });
  return { kind, mime: found.mime, ext: found.ext };
}

/** Refuses (413) a file over the limit of its kind. */
export function assertMediaSize(kind: MediaKind, bytes: number, fileName: string): void {
  if (bytes > MEDIA_MAX_BYTES[kind]) {
    throw payloadTooLarge(MEDIA_MESSAGES.tooLarge(fileName, MEDIA_MAX_MB[kind]), { reason: 'media_too_large' });
  }
}
