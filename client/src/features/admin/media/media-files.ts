import type { AdminMediaType } from '../../../../../common/schemas/admin-people';

/** What kind of file a MIME type is, as the server's type filter splits them: images, videos, the rest. */
export const mediaTypeOf = (mime: string): AdminMediaType =>
  mime.startsWith('image/') ? 'image' : mime.startsWith('video/') ? 'video' : 'document';

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * A size as the console shows it: steps of 1024, units Bytes to GB, at most two
 * decimals (1.5 MB, 820.31 KB); zero is '0 Bytes'. The gallery's own formatter (gallery/file-checks)
 * writes sizes differently (one decimal, KB and MB only), so it is not reused here.
 */
export function formatFileSize(bytes: number): string {
  if (!bytes || bytes < 0) return '0 Bytes';
  const step = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** step).toFixed(2))} ${SIZE_UNITS[step]}`;
}
