import sharp, { type Sharp } from 'sharp';

/** The long side of the gallery's grid thumbnails and of the copy shown when a photo is opened. */
export const THUMBNAIL_PX = 400;
export const WEB_COPY_PX = 1600;

interface ImageVariant {
  data: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/**
 * A thumbnail and a web copy of an uploaded photo, both WebP. The camera's EXIF orientation is
 * applied to the pixels (`autoOrient`, sharp's `rotate()` without an angle), because the copies
 * carry no metadata to say it: sharp writes none unless asked (`withMetadata`, `keepExif`,
 * `keepMetadata`, none of which is called here), so the location, camera and date of a child's
 * photo never leave the server. Smaller images are not enlarged. `failOn: 'error'` refuses a
 * truncated or corrupt file instead of rendering half of it; sharp's default pixel limit refuses
 * decompression bombs.
 */
export async function makeImageVariants(input: Buffer): Promise<{ thumbnail: ImageVariant; web: ImageVariant }> {
  const oriented = sharp(input, { failOn: 'error' }).autoOrient();
  const [thumbnail, web] = await Promise.all([
    variant(oriented.clone(), THUMBNAIL_PX, 75),
    variant(oriented.clone(), WEB_COPY_PX, 82),
  ]);
  return { thumbnail, web };
}

async function variant(image: Sharp, longSide: number, quality: number): Promise<ImageVariant> {
  const { data, info } = await image
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { data, contentType: 'image/webp', width: info.width, height: info.height };
}
