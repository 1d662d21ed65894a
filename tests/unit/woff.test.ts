import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { woffToSfnt } from '../../server/core/pdf/woff.js';

const require = createRequire(import.meta.url);
const fontFile = (family: string, subset: string) =>
  readFileSync(path.join(path.dirname(require.resolve(`@fontsource/${family}/package.json`)), 'files', `${family}-${subset}-400-normal.woff`));

/** The WOFF's table directory: tag, original length and checksum of each table. */
function woffTables(woff: Buffer) {
  return Array.from({ length: woff.readUInt16BE(12) }, (_, i) => {
    const at = 44 + i * 20;
    return { tag: woff.toString('latin1', at, at + 4), length: woff.readUInt32BE(at + 12), checksum: woff.readUInt32BE(at + 16) };
  });
}

/** The SFNT's table records, their data in bounds and aligned to 4 bytes. */
function sfntTables(sfnt: Buffer) {
  return Array.from({ length: sfnt.readUInt16BE(4) }, (_, i) => {
    const at = 12 + i * 16;
    const offset = sfnt.readUInt32BE(at + 8);
    const length = sfnt.readUInt32BE(at + 12);
    expect(offset % 4).toBe(0);
    expect(offset + length).toBeLessThanOrEqual(sfnt.length);
    return { tag: sfnt.toString('latin1', at, at + 4), length, checksum: sfnt.readUInt32BE(at + 4) };
  });
}

describe('woffToSfnt', () => {
  it.each([['noto-sans-malayalam', 'malayalam'], ['noto-sans-tamil', 'tamil'], ['noto-sans-malayalam', 'latin']])(
    'unwraps %s %s into an OpenType font with every table at its original length',
    (family, subset) => {
      const woff = fontFile(family, subset);
      const sfnt = woffToSfnt(woff);
      expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4)); // the flavour: TrueType or CFF
      expect(sfntTables(sfnt)).toEqual(woffTables(woff));
    },
  );

  it('gives PDFKit a font it sets text in', () => {
    const doc = new PDFDocument();
    doc.registerFont('ml', woffToSfnt(fontFile('noto-sans-malayalam', 'malayalam')));
    doc.font('ml');
    expect(doc.widthOfString('മലയാളം')).toBeGreaterThan(0);
    doc.end();
  });

  it('refuses a file that is not WOFF 1.0', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 not this one, padded out to a header length........'))).toThrow('not a WOFF 1.0 font');
  });
});
