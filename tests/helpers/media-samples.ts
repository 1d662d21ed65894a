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
