import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeStoredImages, THUMBNAIL_PX, WEB_COPY_PX } from '../../server/modules/gallery/index.js';
import { jpegSample } from '../helpers/media-samples.js';

/** A camera's JPEG: stored landscape (800 × 400) with EXIF orientation 6 (shown rotated 90° clockwise,
 * i.e. portrait) and a GPS position. */
async function cameraPhoto(): Promise<Buffer> {
  return sharp(await jpegSample(800, 400))
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

describe('image variants', () => {
  it('the source really carries orientation 6 and GPS (the premise of the next test)', async () => {
    const meta = await sharp(await cameraPhoto()).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.exif?.includes(Buffer.from('TestCam'))).toBe(true);
    expect(meta.width).toBe(800);
    // The GPSInfo pointer (tag 0x8825) in IFD0, in either byte order.
    expect(meta.exif?.includes(Buffer.from([0x88, 0x25])) || meta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
  });

  it('turns the thumbnail and the web copy upright and strips EXIF, GPS and every other metadata', async () => {
    const { thumbnail, web } = await makeStoredImages(await cameraPhoto(), 'jpeg');
    for (const [variant, longSide] of [[thumbnail, Math.min(THUMBNAIL_PX, 800)], [web, Math.min(WEB_COPY_PX, 800)]] as const) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.format).toBe('webp');
      expect(variant.contentType).toBe('image/webp');
      // Portrait now: the orientation went into the pixels.
      expect({ width: meta.width, height: meta.height }).toEqual({ width: longSide / 2, height: longSide });
      expect({ width: variant.width, height: variant.height }).toEqual({ width: meta.width, height: meta.height });
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(variant.data.includes(Buffer.from('TestCam'))).toBe(false);
      expect(variant.data.includes(Buffer.from('Exif'))).toBe(false);
    }
  });

  it('does not enlarge a small image', async () => {
    const { thumbnail, web } = await makeStoredImages(await jpegSample(120, 90), 'jpeg');
    expect([thumbnail.width, thumbnail.height, web.width, web.height]).toEqual([120, 90, 120, 90]);
  });

  it('refuses bytes that are not an image it can decode', async () => {
    await expect(makeStoredImages(Buffer.from('<html></html>'), 'jpeg')).rejects.toThrow();
    const truncated = (await jpegSample(400, 300)).subarray(0, 200);
    await expect(makeStoredImages(truncated, 'jpeg')).rejects.toThrow();
  });
});
