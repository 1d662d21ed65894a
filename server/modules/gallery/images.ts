import sharp, { type Sharp } from 'sharp';
import { MEDIA_MAX_PIXELS } from '../../../common/media-limits.js';

/** The long side of the gallery's grid thumbnails and of the copy shown when a photo is opened. */
export const THUMBNAIL_PX = 400;
export const WEB_COPY_PX = 1600;

// One libvips thread per image: the work queue (server/core/work-queue.ts) runs at most one job per core but
// one, so a burst of photos never takes every core from the requests (the roll call) and the database.
sharp.concurrency(1);

interface ImageVariant {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/** Bytes of one channel of one pixel, by libvips band format (an unknown one counts as the widest). */
const BYTES_PER_CHANNEL: Readonly<Record<string, number>> = {
  uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16,
};

/** The photo's dimensions and what its pixels take once decoded, from its header, without decoding them. */
export async function imageSize(input: Buffer): Promise<{ width: number; height: number; decodedBytes: number }> {
  const { width, height, channels, depth } = await sharp(input, { limitInputPixels: false }).metadata();
  return { width, height, decodedBytes: width * height * channels * (BYTES_PER_CHANNEL[depth] ?? 16) };
}

const decode = (input: Buffer) =>
  // `failOn: 'error'` refuses a truncated or corrupt file instead of rendering half of it;
  // the pixel limit is checked again by libvips itself, whatever the header said.
  sharp(input, { failOn: 'error', limitInputPixels: MEDIA_MAX_PIXELS }).autoOrient();

/**
 * What is stored of an uploaded photo: the original cleaned, a thumbnail and a web copy.
 * None of them carries EXIF, XMP, IPTC or text chunks (sharp writes no metadata unless asked), so
 * the location, camera and date of a child's photo never leave the server. The camera's orientation
 * is applied to the pixels (`autoOrient`) because no EXIF is left to say it. The original keeps its
 * colour profile (`keepIccProfile`) and its format: re-encoded at high quality (JPEG, WebP) or
 * losslessly (PNG), at its full size. The copies are WebP, never enlarged. The three are made one
 * after the other: one image uses one core at a time.
 */
export async function makeStoredImages(input: Buffer, format: 'jpeg' | 'png' | 'webp') {
  const original = await cleanOriginal(decode(input), format);
  const thumbnail = await variant(decode(input), THUMBNAIL_PX, 75);
  const web = await variant(decode(input), WEB_COPY_PX, 82);
  return { original, thumbnail, web };
}

async function cleanOriginal(image: Sharp, format: 'jpeg' | 'png' | 'webp'): Promise<ImageVariant> {
  const kept = image.keepIccProfile();
  const encoded = format === 'jpeg' ? kept.jpeg({ quality: 92 })
    : format === 'png' ? kept.png()
    : kept.webp({ quality: 92 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, contentType: `image/${format}`, width: info.width, height: info.height };
}

async function variant(image: Sharp, longSide: number, quality: number): Promise<ImageVariant> {
  const { data, info } = await image
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { data, contentType: 'image/webp', width: info.width, height: info.height };
}
