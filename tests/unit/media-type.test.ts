import { describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES, MEDIA_MIME_TYPES } from '../../common/media-limits.js';
import { assertMediaSize, detectMediaType } from '../../server/modules/gallery/index.js';
import { jpegSample, mp4Sample, pdfSample, pngSample } from '../helpers/media-samples.js';

// The type of an upload is what its bytes say, whatever its name or the browser's claim.

describe('media type from the first bytes', () => {
  it('recognises real JPEG, PNG, WebP, PDF and MP4 headers', async () => {
    expect(await detectMediaType(await jpegSample(), 'a.bin')).toEqual({ kind: 'image', mime: 'image/jpeg', ext: 'jpg' });
    expect(await detectMediaType(await pngSample(), 'a')).toEqual({ kind: 'image', mime: 'image/png', ext: 'png' });
    const webp = await (await import('sharp')).default(await pngSample()).webp().toBuffer();
    expect(await detectMediaType(webp, 'a')).toMatchObject({ kind: 'image', mime: 'image/webp' });
    expect(await detectMediaType(pdfSample(), 'notes.txt')).toEqual({ kind: 'pdf', mime: 'application/pdf', ext: 'pdf' });
    expect(await detectMediaType(mp4Sample(), 'clip')).toMatchObject({ kind: 'video', mime: 'video/mp4' });
  });

  it('refuses an HTML page named photo.jpg, with the message naming the file', async () => {
    const page = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    await expect(detectMediaType(page, 'photo.jpg')).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: MEDIA_MESSAGES.wrongType('photo.jpg'),
      data: { reason: 'media_type' },
    });
  });

  it('refuses known formats the gallery does not take (GIF, ZIP) and empty files', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, ...Array<number>(30).fill(0)]);
    for (const bytes of [gif, zip, Buffer.alloc(0)]) {
      await expect(detectMediaType(bytes, 'x')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it('accepts HEIC/HEIF photos only if this sharp can decode them (its prebuilt libheif has AVIF only)', async () => {
    const sharp = (await import('sharp')).default;
    const heifSuffixes = sharp.format.heif.input.fileSuffix ?? [];
    const decodesHeic = heifSuffixes.some((suffix) => ['.heic', '.heif'].includes(suffix));
    expect(MEDIA_MIME_TYPES.image.includes('image/heic')).toBe(decodesHeic);
    expect(MEDIA_MIME_TYPES.image.includes('image/heif')).toBe(decodesHeic);
  });

  it('refuses a file over the limit of its kind with 413', () => {
    expect(() => assertMediaSize('image', MEDIA_MAX_BYTES.image, 'a.jpg')).not.toThrow();
    expect(() => assertMediaSize('image', MEDIA_MAX_BYTES.image + 1, 'a.jpg')).toThrow(MEDIA_MESSAGES.tooLarge('a.jpg', 10));
    expect(() => assertMediaSize('video', 50 * 1024 * 1024, 'v.mp4')).not.toThrow();
    expect(() => assertMediaSize('pdf', 10 * 1024 * 1024 + 1, 'b.pdf')).toThrow(expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE' }));
  });
});
