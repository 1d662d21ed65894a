import { describe, expect, it } from 'vitest';
import { withoutVideoLocation } from '../../server/modules/gallery/video-location.js';
import { ISO6709, phoneMov, phoneMp4, VIDEO_FRAMES } from '../helpers/media-samples.js';

/** Runs the cleaner over `file` cut into chunks of `chunkBytes`, as a request body arrives. */
async function cleaned(file: Buffer, chunkBytes: number): Promise<Buffer> {
  async function* chunks() {
    for (let i = 0; i < file.length; i += chunkBytes) yield file.subarray(i, i + chunkBytes);
  }
  const out: Buffer[] = [];
  for await (const chunk of withoutVideoLocation(chunks(), 'clip.mp4')) out.push(chunk);
  return Buffer.concat(out);
}

const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

describe('MP4 and MOV location removal', () => {
  for (const chunkBytes of [1, 7, 64 * 1024]) {
    it(`blanks every location box in place, whatever the chunks (${chunkBytes} bytes)`, async () => {
      for (const file of [phoneMp4(), phoneMov()]) {
        const out = await cleaned(file, chunkBytes);
        expect(out.length).toBe(file.length);
        expect(out.toString('latin1')).not.toContain(ISO6709);
        expect(out.toString('latin1')).not.toContain('\u00a9xyz');
        // Only bytes inside moov changed: the frames are where they were.
        expect(out.indexOf(VIDEO_FRAMES)).toBe(file.indexOf(VIDEO_FRAMES));
      }
    });
  }

  it('passes a 64-bit sized mdat and a last box that runs to the end of the file', async () => {
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(16 + VIDEO_FRAMES.length), 8);
    const open = Buffer.from([0, 0, 0, 0, 0x66, 0x72, 0x65, 0x65, 1, 2, 3]);
    const file = Buffer.concat([phoneMp4(), large, VIDEO_FRAMES, open]);
    const out = await cleaned(file, 1000);
    expect(out.length).toBe(file.length);
    expect(out.subarray(-open.length).equals(open)).toBe(true);
    expect(out.toString('latin1')).not.toContain(ISO6709);
  });

  it('refuses a moov whose boxes do not add up, or that is cut off', async () => {
    const broken = box('moov', box('udta', Buffer.from([0, 0, 0, 200, 0x61, 0x62, 0x63, 0x64])));
    await expect(cleaned(broken, 100)).rejects.toMatchObject({ message: 'clip.mp4 could not be read as a video. It may be damaged.' });
    const cut = phoneMp4().subarray(0, 200);
    await expect(cleaned(cut, 100)).rejects.toMatchObject({ message: 'clip.mp4 could not be read as a video. It may be damaged.' });
  });
});
