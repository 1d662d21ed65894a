import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import {
  GALLERY_MAX_FILES_PER_UPLOAD, GALLERY_MESSAGES, MEDIA_MAX_BYTES, MEDIA_MAX_DECODED_BYTES, MEDIA_MAX_PIXELS, MEDIA_MESSAGES,
} from '../../../common/media-limits.js';
import { AppError, badRequest, payloadTooLarge, serviceUnavailable, tooManyRequests, unsupportedMediaType } from '../../core/errors.js';
import type { WorkQueue } from '../../core/work-queue.js';
import { imageSize, makeStoredImages } from './images.js';
import { assertMediaSize, detectMediaType, MEDIA_SNIFF_BYTES } from './media-type.js';
import { newMediaKey, type MediaStorage } from '../media-storage/index.js';
import { withoutVideoLocation } from './video-location.js';

/** One file of an upload, in storage: its stored names (without the church prefix) and what it is. */
export interface StoredUpload {
  name: string;
  thumbnailName: string | null;
  webName: string | null;
  mime: string;
  /** The stored original's bytes (after its metadata was removed). */
  bytes: number;
  /** The stored thumbnail's and web copy's bytes together (0 without them). */
  copiesBytes: number;
  /** The name the browser gave, for display and downloads only (never a path). */
  originalName: string;
}

/** The text fields and the stored files of one multipart upload. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  files: StoredUpload[];
  /** Every key this upload stored (originals and copies), to remove them if the rows are not written. */
  storedKeys: string[];
}

export interface ReceiveOptions {
  /** Checks the text fields sent before the first file, so a form with a missing title is refused
   * before a video is stored (throws to refuse). Fields sent after the files are checked by the caller. */
  checkFields?: (fields: Record<string, string>) => Promise<void> | void;
  /** Where photos wait for their turn to be decoded (the server's work queue). */
  images: WorkQueue;
  /** Called before each file is stored; throws to refuse it (the church's upload rate). */
  admitFile?: () => Promise<void>;
  /** The bytes the church may still store, and the refusal once this upload's files would pass them. */
  storageLeft?: { bytes: number; refusal: () => AppError };
}

/** The bytes an upload stores, against what the church has left. */
class StorageBudget {
  spent = 0;
  constructor(private readonly left: ReceiveOptions['storageLeft']) {}
  spend(bytes: number) {
    this.spent += bytes;
    if (this.left && this.spent > this.left.bytes) throw this.left.refusal();
  }
}

/** The largest file of any kind: the parser's own limit sits just above it, so the per-kind check
 * below (which knows the kind) is always the one that refuses. */
const LARGEST_FILE = Math.max(...Object.values(MEDIA_MAX_BYTES));
const FIELD_MAX_BYTES = 8 * 1024;
const MAX_FIELDS = 20;

/** The browser's file name, made safe to show: no folders, no control characters, at most 200 characters. */
function displayNameOf(fileName: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const base = (fileName ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'file').slice(0, 200);
}

const nameOf = (key: string) => key.slice(key.indexOf('/') + 1);

/** Stores one object; a failure of the store itself (disk, bucket) is a 503 the user may retry,
 * while the upload's own refusals (size, type) that end its stream keep their answer. */
async function put(storage: MediaStorage, key: string, body: Readable, contentType: string): Promise<void> {
  try {
    await storage.put(key, body, contentType);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw serviceUnavailable(GALLERY_MESSAGES.storageUnavailable, { reason: 'media_storage' });
  }
}

/**
 * Streams every file of a multipart request into the church's storage as it arrives: a 50 MB
 * video never sits whole in memory (photos, at most 10 MB, are read whole to be cleaned and to make
 * their copies, in the bounded image queue). Each file's type is taken from its first bytes and its
 * size checked against its kind's limit while it streams (413 at the first byte over it), and the
 * bytes stored against what the church has left of its plan's storage (413). If anything fails, every file already stored
 * by this request is removed before the error goes on: an upload stores all of its files or none.
 */
export async function receiveUpload(
  req: FastifyRequest, storage: MediaStorage, churchId: string, log: FastifyBaseLogger, options: ReceiveOptions,
): Promise<ReceivedUpload> {
  if (!req.isMultipart()) throw unsupportedMediaType(GALLERY_MESSAGES.notMultipart);
  const fields: Record<string, string> = {};
  const files: StoredUpload[] = [];
  const storedKeys: string[] = [];
  const budget = new StorageBudget(options.storageLeft);
  try {
    const parts = req.parts({
      limits: { fileSize: LARGEST_FILE + 64 * 1024, files: GALLERY_MAX_FILES_PER_UPLOAD, fields: MAX_FIELDS, fieldSize: FIELD_MAX_BYTES, parts: GALLERY_MAX_FILES_PER_UPLOAD + MAX_FIELDS },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
        continue;
      }
      if (!files.length && Object.keys(fields).length) await options.checkFields?.(fields);
      await options.admitFile?.();
      files.push(await storeFile(part, { storage, churchId, storedKeys, budget, images: options.images }));
    }
  } catch (error) {
    if (storedKeys.length) {
      await storage.deleteMany(storedKeys).catch((err: unknown) => log.error({ err }, 'could not remove the files of a failed upload'));
    }
    throw limitError(error) ?? error;
  }
  if (!files.length) throw badRequest(MEDIA_MESSAGES.selectFiles, { reason: 'no_files' });
  return { fields, files, storedKeys };
}

/** What the multipart parser (busboy) throws, as plain errors without a code, for a body that is cut
 * off or not well-formed ("Unexpected end of multipart data", "Malformed part header", ...). */
const MALFORMED_MULTIPART = /multipart|boundary|part header/i;

/** The parser's own limits and refusals, in the gallery's words. */
function limitError(error: unknown): AppError | undefined {
  const code = (error as { code?: unknown }).code;
  if (error instanceof Error && !(error instanceof AppError) && code === undefined && MALFORMED_MULTIPART.test(error.message)) {
    return badRequest(GALLERY_MESSAGES.malformedUpload, { reason: 'malformed_multipart' });
  }
  if (code === 'FST_FILES_LIMIT') return payloadTooLarge(GALLERY_MESSAGES.tooManyFiles, { reason: 'too_many_files' });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest(GALLERY_MESSAGES.tooManyParts);
  return undefined;
}

/** The work queue's refusals of a photo: the line full (503) or the church's share taken (429). */
const PHOTO_REFUSALS = {
  busy: () => serviceUnavailable(MEDIA_MESSAGES.busy, { reason: 'media_busy' }),
  churchBusy: () => tooManyRequests(MEDIA_MESSAGES.churchBusy, { reason: 'media_church_busy', retryAfterSeconds: 30 }),
};

/** image/jpeg -> jpeg: the formats `detectMediaType` accepts as images (common/media-limits.ts). */
const imageFormatOf = (mime: string) => mime.slice('image/'.length) as 'jpeg' | 'png' | 'webp';

interface StoreTarget {
  storage: MediaStorage;
  churchId: string;
  storedKeys: string[];
  budget: StorageBudget;
  images: WorkQueue;
}

async function storeFile(part: MultipartFile, { storage, churchId, storedKeys, budget, images }: StoreTarget): Promise<StoredUpload> {
  const originalName = displayNameOf(part.filename);
  const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const headParts: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < MEDIA_SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) { ended = true; break; }
    headParts.push(next.value);
    headBytes += next.value.length;
  }
  const head = Buffer.concat(headParts);
  if (!head.length) throw badRequest(MEDIA_MESSAGES.emptyFile(originalName), { reason: 'media_empty' });
  const type = await detectMediaType(head, originalName);

  let received = 0;
  const counted = (chunk: Buffer) => {
    received += chunk.length;
    assertMediaSize(type.kind, received, originalName);
    return chunk;
  };
  async function* wholeFile() {
    yield counted(head);
    while (!ended) {
      const next = await chunks.next();
      if (next.done) break;
      yield counted(next.value);
    }
  }

  const key = newMediaKey(churchId, type.ext);
  if (type.kind !== 'image') {
    let stored = 0;
    // MP4 and MOV lose their recorded location on the way (video-location.ts). WebM has no standard
    // location tag (cameras and browsers write none) and PDFs are stored as sent.
    const cleaned = type.mime === 'video/mp4' || type.mime === 'video/quicktime' ? withoutVideoLocation(wholeFile(), originalName) : wholeFile();
    async function* spent() {
      for await (const chunk of cleaned) {
        stored += chunk.length;
        budget.spend(chunk.length);
        yield chunk;
      }
    }
    storedKeys.push(key);
    await put(storage, key, Readable.from(spent()), type.mime);
    return { name: nameOf(key), thumbnailName: null, webName: null, mime: type.mime, bytes: stored, copiesBytes: 0, originalName };
  }

  const parts: Buffer[] = [];
  for await (const chunk of wholeFile()) parts.push(chunk);
  const upload = Buffer.concat(parts);
  const size = await imageSize(upload).catch(() => {
    throw badRequest(MEDIA_MESSAGES.unreadableImage(originalName), { reason: 'media_unreadable' });
  });
  // Told from the header before a pixel is decoded: a small file of huge dimensions costs nothing.
  if (size.width * size.height > MEDIA_MAX_PIXELS) {
    throw payloadTooLarge(MEDIA_MESSAGES.tooManyPixels(originalName), { reason: 'media_too_many_pixels' });
  }
  // And by bytes: a 16-bit PNG costs twice an 8-bit one of the same pixels.
  if (size.decodedBytes > MEDIA_MAX_DECODED_BYTES) {
    throw payloadTooLarge(MEDIA_MESSAGES.tooManyDecodedBytes(originalName), { reason: 'media_too_large_decoded' });
  }
  const made = await images.run(churchId, () => makeStoredImages(upload, imageFormatOf(type.mime)), PHOTO_REFUSALS).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    throw badRequest(MEDIA_MESSAGES.unreadableImage(originalName), { reason: 'media_unreadable' });
  });
  budget.spend(made.original.data.length + made.thumbnail.data.length + made.web.data.length);
  const thumbnailKey = newMediaKey(churchId, 'webp');
  const webKey = newMediaKey(churchId, 'webp');
  storedKeys.push(key, thumbnailKey, webKey);
  await put(storage, key, Readable.from([made.original.data]), type.mime);
  await put(storage, thumbnailKey, Readable.from([made.thumbnail.data]), made.thumbnail.contentType);
  await put(storage, webKey, Readable.from([made.web.data]), made.web.contentType);
  return {
    name: nameOf(key), thumbnailName: nameOf(thumbnailKey), webName: nameOf(webKey), mime: type.mime,
    bytes: made.original.data.length, copiesBytes: made.thumbnail.data.length + made.web.data.length, originalName,
  };
}
