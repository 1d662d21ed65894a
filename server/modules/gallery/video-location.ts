import { MEDIA_MESSAGES } from '../../../common/media-limits.js';
import { badRequest, payloadTooLarge } from '../../core/errors.js';

/**
 * The largest `moov` box (the index of an MP4 or MOV: tracks, sample tables, user data) that is read
 * into memory to be cleaned. A phone's 50 MB video has one of tens of kilobytes; 8 MB is far above
 * any real one, and keeps a crafted file from making the server hold its whole body.
 */
const MAX_MOOV_BYTES = 8 * 1024 * 1024;

/** Boxes that say where and with what a video was made: QuickTime's and Android's `©xyz` (ISO 6709
 * text), 3GPP's `loci`, XMP packets (`XMP_`, which may carry GPS too), and the camera's make, model
 * and software (`©mak`, `©mod`, `©swr`), as a photo's original loses them. */
const LOCATION_BOXES = new Set(['\u00a9xyz', 'loci', 'XMP_', '\u00a9mak', '\u00a9mod', '\u00a9swr']);
/** Apple's metadata keys of the same (com.apple.quicktime.location.ISO6709, ...make, ...model, ...software). */
const LOCATION_KEYS = /location|make|model|software/i;
/** Boxes whose children are boxes and may hold user data. */
const CONTAINERS = new Set(['moov', 'trak', 'udta']);

const malformed = (fileName: string) => badRequest(MEDIA_MESSAGES.unreadableVideo(fileName), { reason: 'media_unreadable' });

/**
 * An MP4 or MOV file as it streams, without its recorded location: every location box inside
 * `moov` (`moov/udta`, `trak/udta`, the `keys`/`ilst` metadata Apple writes in `moov/meta`, such as
 * `com.apple.quicktime.location.ISO6709`) is overwritten in place by a `free` box of the same size
 * with a zeroed payload. Sizes never change, so every chunk offset into `mdat` stays valid and the
 * video plays as before. Only `moov` is held in memory (at most MAX_MOOV_BYTES, else 413), whether
 * it comes before or after `mdat`; everything else passes through as it arrives.
 */
export async function* withoutVideoLocation(source: AsyncIterable<Buffer>, fileName: string): AsyncGenerator<Buffer> {
  const reader = new ChunkReader(source[Symbol.asyncIterator]());
  for (;;) {
    let header = await reader.take(8);
    if (header.length < 8) {
      if (header.length) yield header;
      return;
    }
    let size = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (size === 1) {
      const large = await reader.take(8);
      if (large.length < 8) throw malformed(fileName);
      header = Buffer.concat([header, large]);
      size = Number(large.readBigUInt64BE(0));
    }
    const rest = size === 0 ? Infinity : size - header.length;
    if (rest < 0) throw malformed(fileName);
    if (type !== 'moov') {
      yield header;
      yield* reader.pass(rest);
      continue;
    }
    if (rest > MAX_MOOV_BYTES) {
      throw payloadTooLarge(MEDIA_MESSAGES.videoIndexTooLarge(fileName), { reason: 'media_too_large' });
    }
    const body = await reader.take(rest === Infinity ? MAX_MOOV_BYTES + 1 : rest);
    if (body.length > MAX_MOOV_BYTES) {
      throw payloadTooLarge(MEDIA_MESSAGES.videoIndexTooLarge(fileName), { reason: 'media_too_large' });
    }
    if (rest !== Infinity && body.length < rest) throw malformed(fileName);
    const moov = Buffer.concat([header, body]);
    blankLocations(moov, header.length, moov.length, fileName);
    yield moov;
  }
}

interface Box { start: number; end: number; bodyStart: number; type: string }

/** The boxes between `start` and `end`; a box that claims more than its parent holds is refused. */
function* boxesIn(buf: Buffer, start: number, end: number, fileName: string): Generator<Box> {
  let pos = start;
  // QuickTime may end a list of boxes with four zero bytes: fewer than a header are ignored.
  while (end - pos >= 8) {
    let size = buf.readUInt32BE(pos);
    let headerBytes = 8;
    if (size === 1) {
      if (end - pos < 16) throw malformed(fileName);
      size = Number(buf.readBigUInt64BE(pos + 8));
      headerBytes = 16;
    } else if (size === 0) {
      size = end - pos;
    }
    if (size < headerBytes || pos + size > end) throw malformed(fileName);
    yield { start: pos, end: pos + size, bodyStart: pos + headerBytes, type: buf.toString('latin1', pos + 4, pos + 8) };
    pos += size;
  }
}

/** The box becomes `free` of the same size, its payload zeros (a 64-bit size stays as it was). */
function blank(buf: Buffer, box: Box): void {
  buf.write('free', box.start + 4, 'latin1');
  buf.fill(0, box.bodyStart, box.end);
}

function blankLocations(buf: Buffer, start: number, end: number, fileName: string): void {
  for (const box of boxesIn(buf, start, end, fileName)) {
    if (LOCATION_BOXES.has(box.type)) blank(buf, box);
    else if (CONTAINERS.has(box.type)) blankLocations(buf, box.bodyStart, box.end, fileName);
    else if (box.type === 'meta') blankMetaLocations(buf, box, fileName);
  }
}

/**
 * A `meta` box: QuickTime's (its children follow the header) or ISO's (a full box: four bytes of
 * version and flags first), told apart by where its `hdlr` child starts. Its `keys` box names the
 * entries of `ilst` by their 1-based index; entries whose key names a location or the camera (Apple's
 * `com.apple.quicktime.location.ISO6709`, `...location.accuracy.horizontal`, `...make`, ...) are
 * blanked, and so are `©xyz` entries of an iTunes-style `ilst`.
 */
function blankMetaLocations(buf: Buffer, meta: Box, fileName: string): void {
  const quickTimeStyle = buf.toString('latin1', meta.bodyStart + 4, meta.bodyStart + 8) === 'hdlr';
  const childrenStart = quickTimeStyle ? meta.bodyStart : meta.bodyStart + 4;
  if (childrenStart > meta.end) throw malformed(fileName);
  const children = [...boxesIn(buf, childrenStart, meta.end, fileName)];
  const keys = children.find((box) => box.type === 'keys');
  const locationKeys = keys ? locationKeyIndexes(buf, keys, fileName) : new Set<number>();
  for (const box of children) {
    if (LOCATION_BOXES.has(box.type)) blank(buf, box);
    else if (box.type === 'ilst') {
      for (const item of boxesIn(buf, box.bodyStart, box.end, fileName)) {
        if (LOCATION_BOXES.has(item.type) || locationKeys.has(buf.readUInt32BE(item.start + 4))) blank(buf, item);
      }
    }
  }
}

/** The 1-based indexes of the `keys` entries whose name mentions a location or the camera. */
function locationKeyIndexes(buf: Buffer, keys: Box, fileName: string): Set<number> {
  const found = new Set<number>();
  if (keys.end - keys.bodyStart < 8) throw malformed(fileName);
  const count = buf.readUInt32BE(keys.bodyStart + 4);
  let pos = keys.bodyStart + 8;
  for (let index = 1; index <= count && keys.end - pos >= 8; index++) {
    const size = buf.readUInt32BE(pos);
    if (size < 8 || pos + size > keys.end) throw malformed(fileName);
    if (LOCATION_KEYS.test(buf.toString('latin1', pos + 8, pos + size))) found.add(index);
    pos += size;
  }
  return found;
}

/** Reads an async source of chunks by exact byte counts. */
class ChunkReader {
  private buffered: Buffer = Buffer.alloc(0);
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** The next `n` bytes, fewer only where the source ends. */
  async take(n: number): Promise<Buffer> {
    const parts: Buffer[] = [this.buffered];
    let have = this.buffered.length;
    while (have < n && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else {
        parts.push(next.value);
        have += next.value.length;
      }
    }
    const all = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    this.buffered = all.subarray(Math.min(n, all.length));
    return all.subarray(0, Math.min(n, all.length));
  }

  /** The next `n` bytes (Infinity: all that is left) as they arrive, without gathering them. */
  async *pass(n: number): AsyncGenerator<Buffer> {
    let left = n;
    if (this.buffered.length) {
      const part = this.buffered.subarray(0, Math.min(left, this.buffered.length));
      this.buffered = this.buffered.subarray(part.length);
      left -= part.length;
      yield part;
    }
    while (left > 0 && !this.ended) {
      const next = await this.source.next();
      if (next.done) {
        this.ended = true;
        return;
      }
      if (next.value.length > left) {
        this.buffered = next.value.subarray(left);
        yield next.value.subarray(0, left);
        return;
      }
      left -= next.value.length;
      yield next.value;
    }
  }
}
