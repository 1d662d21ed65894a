/**
 * What the gallery accepts, read by the server (which enforces it) and by the client (which checks
 * before uploading). Sizes are in bytes of 1024 × 1024 per MB, the way a browser's File.size is
 * compared. Videos get 50 MB: the two galleries disagreed (20 and 50), and the larger one was kept.
 */
import type { ChurchRole } from './constants.js';
import { can } from './permissions.js';

export type MediaKind = 'image' | 'pdf' | 'video';

/** Who gets a photo's original (cleaned of its metadata, full size): those who manage the gallery.
 * The others (a guest) get its web copy only. */
export const seesOriginals = (role: ChurchRole | undefined) => can(role, 'manageMedia');

/**
 * Who sees an item whatever the photo consent of the children tagged in it: those who manage the
 * gallery (they see such an item marked consent_missing, with the children's names). Anyone else
 * sees a tagged item only while every tagged child has photo consent in force; its files are
 * refused to them otherwise.
 */
export const seesMediaWithoutConsent = (role: ChurchRole | undefined) => can(role, 'manageMedia');

/** The most children one item may be tagged with. */
export const MEDIA_MAX_TAGGED_CHILDREN = 50;

const MEDIA_KINDS: readonly MediaKind[] = ['image', 'pdf', 'video'];

const MB = 1024 * 1024;

/** The largest file of each kind, in MB (shown to users) and in bytes (compared). */
export const MEDIA_MAX_MB: Readonly<Record<MediaKind, number>> = { image: 10, pdf: 10, video: 50 };
export const MEDIA_MAX_BYTES: Readonly<Record<MediaKind, number>> = {
  image: MEDIA_MAX_MB.image * MB,
  pdf: MEDIA_MAX_MB.pdf * MB,
  video: MEDIA_MAX_MB.video * MB,
};

/**
 * The most pixels a photo may have: 50 million (a 48 MP phone camera's 8000 × 6000 passes). Decoding
 * costs memory and CPU by pixels, not bytes: a 2 MB PNG of 16000 × 16000 would need a gigabyte.
 */
export const MEDIA_MAX_PIXELS = 50_000_000;
export const MEDIA_MAX_MEGAPIXELS = MEDIA_MAX_PIXELS / 1_000_000;
/**
 * The most bytes a photo's pixels may take once decoded (width × height × channels × bytes per
 * channel, from its header): 50 MP at four 8-bit channels. A 16-bit PNG counts twice per pixel, so a
 * 49 MP one (3.5 s of CPU and 150 MB to decode) is refused while every 8-bit photo of 50 MP passes.
 */
export const MEDIA_MAX_DECODED_BYTES = MEDIA_MAX_PIXELS * 4;

/**
 * The accepted formats, as the MIME types the server detects from a file's first bytes (never from
 * its name or the type the browser claims). HEIC/HEIF photos are not accepted: the prebuilt sharp of
 * this install decodes only AVIF from the HEIF family (`sharp.format.heif` lists `.avif` alone), so
 * no thumbnail or web copy could be made of them.
 */
export const MEDIA_MIME_TYPES: Readonly<Record<MediaKind, readonly string[]>> = {
  image: ['image/jpeg', 'image/png', 'image/webp'],
  pdf: ['application/pdf'],
  video: ['video/mp4', 'video/webm', 'video/quicktime'],
};

/** The kind of an accepted MIME type, or undefined. */
export function mediaKindOf(mime: string): MediaKind | undefined {
  return MEDIA_KINDS.find((kind) => MEDIA_MIME_TYPES[kind].includes(mime));
}

/** A plan's storage quota in words: 500 MB, 5 GB, 25 GB. */
export const formatMegabytes = (mb: number) => (mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`);

/** Stored bytes in words, one decimal from MB up: 900 KB, 12.5 MB, 4.2 GB. */
export function formatBytes(bytes: number): string {
  if (bytes < MB) return `${Math.ceil(bytes / 1024)} KB`;
  if (bytes < 1024 * MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${(bytes / (1024 * MB)).toFixed(1)} GB`;
}

/** Media items on a gallery page, and the most a caller may ask for. */
export const GALLERY_PAGE_SIZE = 12;
export const GALLERY_MAX_PAGE_SIZE = 48;
/** The most files one upload may carry. */
export const GALLERY_MAX_FILES_PER_UPLOAD = 20;
/** The department of media uploaded without one, always offered as a filter. */
export const DEFAULT_DEPARTMENT = 'sunday_school';

/** 'sunday_school' -> 'Sunday School'. */
export const departmentLabel = (department: string) =>
  department.split('_').filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');

export const GALLERY_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 2000 characters',
  departmentInvalid: 'Department must be a name of at most 60 letters or digits',
  idInvalid: 'Invalid media id.',
  notFound: 'Media not found.',
  tooManyFiles: `At most ${GALLERY_MAX_FILES_PER_UPLOAD} files can be uploaded at once`,
  notMultipart: 'The upload must be sent as multipart/form-data',
  tooManyParts: 'The upload has too many fields',
  malformedUpload: 'The upload could not be read: it was cut off or is not well-formed multipart/form-data',
  storageUnavailable: 'The files could not be stored just now. Please try again.',
  deleted: 'Item deleted successfully!',
  deleteFailed: 'Failed to delete item',
  confirmDelete: 'Are you sure you want to delete this file? This action cannot be undone.',
  fileUrlMissing: 'File URL not found!',
  empty: 'No media found.',
  linkExpired: 'This link has expired. Reload the gallery to get a new one.',
  studentIdInvalid: 'Invalid student id.',
  tooManyChildren: `At most ${MEDIA_MAX_TAGGED_CHILDREN} children can be tagged on one item`,
  childrenNotInChurch: 'Every tagged child must be a student of this church.',
  childrenTagged: 'Children tagged.',
  consentMissing: 'This item is hidden until every child in it has photo consent.',
} as const;

export const MEDIA_MESSAGES = {
  selectFiles: 'Please select at least one file',
  /** A file over the limit of its kind. */
  tooLarge: (fileName: string, maxMb: number) => `${fileName} exceeds the size limit of ${maxMb}MB`,
  /** An image over the limit that could not be compressed under it either. */
  tooLargeAfterCompression: (fileName: string, maxMb: number) =>
    `${fileName} exceeds the size limit of ${maxMb}MB and could not be compressed enough`,
  /** A file that is not an image, a video or a PDF of an accepted format (judged by its content). */
  wrongType: (fileName: string) => `${fileName} is not a supported file type. Upload an image (JPEG, PNG, WebP), a video (MP4, WebM, MOV) or a PDF.`,
  /** A photo whose bytes say JPEG, PNG or WebP but which cannot be decoded (truncated, corrupt). */
  unreadableImage: (fileName: string) => `${fileName} could not be read as an image. It may be damaged.`,
  emptyFile: (fileName: string) => `${fileName} is empty`,
  /** A photo of more pixels than the server decodes (told from its header, before decoding). */
  tooManyPixels: (fileName: string) =>
    `${fileName} has too many pixels: photos may have at most ${MEDIA_MAX_MEGAPIXELS} megapixels. Resize it and upload again.`,
  /** A photo whose pixels would take more than MEDIA_MAX_DECODED_BYTES (a 16-bit PNG of many megapixels). */
  tooManyDecodedBytes: (fileName: string) =>
    `${fileName} is too large to process: its colour depth makes it too big once decoded. Save it as an 8-bit JPEG or PNG, or resize it, and upload again.`,
  /** An MP4 or MOV whose boxes do not add up (cut off or crafted). */
  unreadableVideo: (fileName: string) => `${fileName} could not be read as a video. It may be damaged.`,
  /** An MP4 or MOV whose index (`moov` box) is far larger than any camera writes. */
  videoIndexTooLarge: (fileName: string) => `${fileName} could not be processed: its index is too large for a video of this size.`,
  /** The church's plan storage would be exceeded by this upload (`plan`: "Free Trial plan", "Basic Plan"). */
  storageFull: (plan: string, quotaMb: number) =>
    `Your ${plan} allows ${formatMegabytes(quotaMb)} of gallery storage, and these files would go over it. Delete some files or upgrade your plan to upload more.`,
  /** Every photo-processing slot busy and the waiting line full. */
  busy: 'The server is busy processing photos. Please try again in a minute.',
  /** This church already has its share of photos being processed (other uploads of the church). */
  churchBusy: 'Your church\'s other photos are still being processed. Please wait for them and try again in a minute.',
  uploadFailed: 'Failed to upload files',
  processFailed: 'Failed to process files. Please try again.',
  uploaded: 'Files uploaded successfully!',
} as const;
