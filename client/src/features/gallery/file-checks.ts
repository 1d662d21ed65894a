import { GALLERY_MAX_FILES_PER_UPLOAD, MEDIA_MAX_BYTES, MEDIA_MAX_MB, mediaKindOf, type MediaKind } from '../../../../common/media-limits';
import { translate } from '../../lib/i18n';
import './messages';

/** Photos larger than this are made smaller in the browser before they are sent. */
const COMPRESS_ABOVE_BYTES = 2 * 1024 * 1024;

/** A file chosen for upload, accepted by the checks made before sending. */
export interface ChosenFile {
  id: string;
  file: File;
  kind: MediaKind;
  /** A photo over COMPRESS_ABOVE_BYTES: made smaller before it is sent. */
  compress: boolean;
}

let counter = 0;

/**
 * The checks the server also makes, done before a byte is sent: an accepted type (the type the
 * browser reports; the server judges the content), not empty, and within its kind's limit. A photo
 * over the limit is still taken: it is compressed, and refused only if it stays over.
 */
function checkFile(file: File): ChosenFile | { error: string } {
  const kind = mediaKindOf(file.type);
  if (!kind) return { error: translate('gallery.wrongType', { fileName: file.name }) };
  if (file.size === 0) return { error: translate('gallery.emptyFile', { fileName: file.name }) };
  if (kind !== 'image' && file.size > MEDIA_MAX_BYTES[kind]) {
    return { error: translate('gallery.tooLarge', { fileName: file.name, maxMb: MEDIA_MAX_MB[kind] }) };
  }
  counter += 1;
  return { id: `file-${counter}`, file, kind, compress: kind === 'image' && file.size > COMPRESS_ABOVE_BYTES };
}

/** Adds newly chosen files to those already chosen: the accepted ones up to the most one upload
 * may carry, and the messages of the others (in the active language: the checks run on a choice). */
export function addFiles(chosen: readonly ChosenFile[], added: readonly File[]): { files: ChosenFile[]; errors: string[] } {
  const files = [...chosen];
  const errors: string[] = [];
  const tooMany = translate('gallery.tooManyFiles');
  for (const file of added) {
    const checked = checkFile(file);
    if ('error' in checked) errors.push(checked.error);
    else if (files.length >= GALLERY_MAX_FILES_PER_UPLOAD) {
      if (!errors.includes(tooMany)) errors.push(tooMany);
    } else files.push(checked);
  }
  return { files, errors };
}

/** 2.4 MB, 850 KB: a size as the file list shows it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
