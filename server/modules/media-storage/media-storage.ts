import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where the gallery's files live: a folder on this machine or an S3-compatible bucket. Keys are
 * always `<churchId>/<random name>` (or, for a circular's PDF, `<associationId>/<random name>`: the
 * ids are UUIDs of their own, so no two owners share a folder), made by the server (`newMediaKey`) and checked by
 * `assertMediaKey` before any implementation touches its storage, so no name a user typed ever
 * becomes a path or an object key.
 */
export interface MediaStorage {
  /** Stores the stream under the key, replacing nothing half-way: a put that fails or whose stream
   * errors leaves no object behind. */
  put(key: string, body: Readable, contentType: string): Promise<{ bytes: number }>;
  /** The object, or the bytes of `range` of it; undefined when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredMedia | undefined>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  deleteMany(keys: readonly string[]): Promise<void>;
  /** Throws unless the storage can be reached now (readiness): the bucket answers, the folder is writable. */
  check(): Promise<void>;
  /** Every stored key, in no particular order (backups): only keys `assertMediaKey` accepts, so an
   * unfinished write or anything else that happens to lie in the folder or bucket is not one. */
  list(): AsyncIterable<string>;
}

/** Bytes `start` to `end`, both included (as in an HTTP Range header); no `end`: to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface StoredMedia {
  stream: Readable;
  /** The size of the whole object in bytes (also when only a range is read). */
  size: number;
  contentType: string;
  /** The bytes being read, both included: the whole object, or the requested range cut at its end. */
  range: { start: number; end: number };
}

/** A key that is not `<churchId>/<server-made name>`: a programming error or an attack, never a user's mistake. */
export class InvalidMediaKeyError extends Error {
  constructor() {
    super('Invalid media storage key');
    this.name = 'InvalidMediaKeyError';
  }
}

/** A range that starts at or beyond the end of the object (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super('Range not satisfiable');
    this.name = 'RangeNotSatisfiableError';
  }
}

/**
 * A church id (a UUID, lower case), one slash, then a name of 22 base64url characters (128 random
 * bits) with an optional short lower-case extension. Nothing else passes: no `..`, no second slash,
 * no backslash, no `%` (so no encoded slash), no spaces or control characters.
 */
const MEDIA_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9_-]{22}(?:\.[a-z0-9]{1,5})?$/;
const EXTENSION = /^[a-z0-9]{1,5}$/;

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new InvalidMediaKeyError();
}

export const isMediaKey = (key: string): boolean => typeof key === 'string' && MEDIA_KEY.test(key);

/** A new key for a file of the church: a random name, with the extension of its detected type. */
export function newMediaKey(churchId: string, ext?: string): string {
  if (ext !== undefined && !EXTENSION.test(ext)) throw new InvalidMediaKeyError();
  const key = `${churchId}/${randomBytes(16).toString('base64url')}${ext ? `.${ext}` : ''}`;
  assertMediaKey(key);
  return key;
}

/** A range resolved against the object's size, or RangeNotSatisfiableError. */
export function resolveRange(range: ByteRange | undefined, size: number): { start: number; end: number } {
  if (!range) return { start: 0, end: size - 1 };
  const { start } = range;
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (!Number.isSafeInteger(start) || start < 0 || start >= size || end < start) throw new RangeNotSatisfiableError(size);
  return { start, end };
}
