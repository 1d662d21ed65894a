import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Small real files of each kind the gallery accepts, made on the spot. */

export const jpegSample = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).jpeg().toBuffer();

export const pngSample = () =>
  sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();

/** The start of a PDF: its header and a first object (file types are told by the first bytes). */
export const pdfSample = () => Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');

/** An MP4's first box: `ftyp`, brand isom, minor version 512, compatible brands isom iso2 avc1 mp41. */
export function mp4Sample(): Buffer {
  const brands = ['isom', 'iso2', 'avc1', 'mp41'];
  const box = Buffer.alloc(16 + brands.length * 4);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write('isom', 8, 'latin1');
  box.writeUInt32BE(512, 12);
  brands.forEach((brand, i) => box.write(brand, 16 + i * 4, 'latin1'));
  // Followed by an empty `free` box, as muxers write.
  return Buffer.concat([box, Buffer.from([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65])]);
}

/** Where the phone was (Bengaluru, N 12°58', E 77°35') as ISO 6709 text, as `©xyz` and Apple's location key carry it. */
export const ISO6709 = '+12.9701+077.5833+001.000/';
export const CAMERA = { make: 'PhoneCam', model: 'Pixel X9' };

/** An XMP packet with the GPS position and the camera, as photo apps write it. */
const XMP_PACKET = '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
  + '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" '
  + 'xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/" '
  + `exif:GPSLatitude="12,58.2N" exif:GPSLongitude="77,35.0E" tiff:Make="${CAMERA.make}"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/**
 * A phone's photo: `width` × `height` pixels stored sideways with EXIF orientation 6 (shown turned
 * 90° clockwise), the camera's make and model, the date it was taken, the GPS position, an XMP
 * packet with the position again, and a Display P3 colour profile.
 */
export function phonePhoto(format: 'jpeg' | 'png' | 'webp', width = 600, height = 400) {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 160, b: 90 } } })
    .withExif({
      IFD0: { Make: CAMERA.make, Model: CAMERA.model, DateTime: '2025:09:14 10:11:12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 1236/100', GPSLongitudeRef: 'E', GPSLongitude: '77/1 34/1 5988/100' },
    })
    .withXmp(XMP_PACKET)
    .withIccProfile('p3')
    .withMetadata({ orientation: 6 })
    .toFormat(format)
    .toBuffer();
}

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A phone's PNG (eXIf, iTXt XMP, iCCP, as `phonePhoto` makes it) with a `tEXt` chunk naming the
 * place and the camera added by hand after IHDR. */
export async function phonePng(): Promise<Buffer> {
  const png = await phonePhoto('png');
  const afterIhdr = 8 + 8 + png.readUInt32BE(8) + 4;
  const text = pngChunk('tEXt', Buffer.from(`Comment\0Taken at ${ISO6709} with ${CAMERA.make} ${CAMERA.model}`, 'latin1'));
  return Buffer.concat([png.subarray(0, afterIhdr), text, png.subarray(afterIhdr)]);
}

/** An ISO box: 32-bit size, four-character type (latin1, so `©` is 0xA9), payload. */
function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}
const u32 = (n: number) => { const b = Buffer.alloc(4); b.writeUInt32BE(n); return b; };
const u16 = (n: number) => { const b = Buffer.alloc(2); b.writeUInt16BE(n); return b; };
const text = (s: string) => Buffer.from(s, 'latin1');

/** `©xyz` as cameras write it: string length, language, the ISO 6709 text. */
const xyzBox = () => box('\u00a9xyz', u16(ISO6709.length), u16(0x15c7), text(ISO6709));
/** `©mod`: the camera's model, in the same short-string form. */
const modelBox = () => box('\u00a9mod', u16(CAMERA.model.length), u16(0x15c7), text(CAMERA.model));
/** Apple's metadata: `hdlr` mdta, `keys` with the location key and a make key, `ilst` with their values. */
function appleMeta(fullBox: boolean): Buffer {
  const hdlr = box('hdlr', u32(0), u32(0), text('mdta'), Buffer.alloc(12), Buffer.from([0]));
  const keyEntry = (name: string) => Buffer.concat([u32(8 + name.length), text('mdta'), text(name)]);
  const keys = box('keys', u32(0), u32(2), keyEntry('com.apple.quicktime.make'), keyEntry('com.apple.quicktime.location.ISO6709'));
  const value = (s: string) => box('data', u32(1), u32(0), text(s));
  const ilst = box('ilst', box('\0\0\0\u0001', value(CAMERA.make)), box('\0\0\0\u0002', value(ISO6709)));
  return box('meta', ...(fullBox ? [u32(0)] : []), hdlr, keys, ilst);
}
const mvhd = () => box('mvhd', u32(0), u32(0), u32(0), u32(600), u32(600), Buffer.alloc(80));
/** A track whose sample table points into `mdat` (`stco`, one chunk at `chunkOffset`) and whose user data has a `©xyz`. */
const trak = (chunkOffset: number) => box('trak',
  box('tkhd', u32(3), Buffer.alloc(80)),
  box('mdia', box('minf', box('stbl', box('stco', u32(0), u32(1), u32(chunkOffset))))),
  box('udta', xyzBox()));

/** The frames: recognisable bytes, so a test can see they come back unchanged. */
export const VIDEO_FRAMES = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 251));

/**
 * A phone's MP4 (Android style): `ftyp` isom, `moov` (movie header, a track with `©xyz` in its user
 * data, `©mod` and `©xyz` in the movie's user data, and an ISO `meta` with Apple's location key), then `mdat`.
 */
export function phoneMp4(): Buffer {
  const ftyp = box('ftyp', text('isom'), u32(512), text('isomiso2avc1mp41'));
  const moovOf = (offset: number) => box('moov', mvhd(), trak(offset), box('udta', modelBox(), xyzBox()), appleMeta(true));
  const moovLength = moovOf(0).length;
  const mdat = box('mdat', VIDEO_FRAMES);
  return Buffer.concat([ftyp, moovOf(ftyp.length + moovLength + 8), mdat]);
}

/** An iPhone's MOV: `ftyp` qt, `mdat` first, then `moov` with QuickTime's `meta` (Apple's keys), `©xyz` and `©mod`. */
export function phoneMov(): Buffer {
  const ftyp = box('ftyp', text('qt  '), u32(0), text('qt  '));
  const mdat = box('mdat', VIDEO_FRAMES);
  const moov = box('moov', mvhd(), trak(ftyp.length + 8), appleMeta(false), box('udta', xyzBox(), modelBox()));
  return Buffer.concat([ftyp, mdat, moov]);
}
