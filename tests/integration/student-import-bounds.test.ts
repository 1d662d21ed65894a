import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { students } from '../../drizzle/schema/index.js';
import {
  IMPORT_MAX_COLUMNS, IMPORT_MAX_SHARED_STRINGS_BYTES, IMPORT_MAX_SHEET_BYTES, IMPORT_MESSAGES,
} from '../../common/student-import.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { churchWithSessions, type ChurchSession } from '../helpers/church-session.js';
import { addClass } from '../helpers/classes-api.js';
import type { Json } from '../helpers/fixtures.js';

// The student import's bounds through the real server: an XLSX that lies about its sizes (a ZIP
// bomb) answered 413 at once without the server's memory growing, the sheet and shared strings
// bounded, the class checked before the file is read, the previews of a church rate-limited, and
// the preview of a CSV of commas bounded by columns.

const PREVIEWS_PER_CHURCH = 6;
let app: TestApp;
beforeAll(async () => { app = await startTestApp({ IMPORT_PREVIEWS_PER_CHURCH: String(PREVIEWS_PER_CHURCH) }); });
afterAll(async () => { await app?.close(); });

interface File { name: string; data: Buffer }

async function preview(s: ChurchSession, classId: string, file: File) {
  const form = new FormData();
  form.append('class_id', classId);
  form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  const res = await fetch(`${app.url}/api/students/import/preview`, { method: 'POST', headers: s.headers, body: form });
  const text = await res.text();
  return { status: res.status, bytes: text.length, retryAfter: res.headers.get('retry-after'), body: JSON.parse(text) };
}

/** A church with a class, and a principal's session. */
async function churchWithClass() {
  const c = await churchWithSessions(app, { roles: ['super_admin', 'principal'] });
  const cls = await addClass(c.s.super_admin, { class_name: '3rd', section: 'A' });
  return { c, s: c.s.principal, classId: cls.id as string };
}

interface ZipPart { name: string; data: Buffer; size: number; compressed?: boolean; declaredSize?: number }

/** A ZIP written by hand, so that it may lie: each entry deflated (or as given, already deflated),
 * its compressed size true, and its uncompressed size in both the local header and the central
 * directory `declaredSize` when given. */
function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = part.compressed ? part.data : deflateRawSync(part.data);
    const crc = part.compressed ? 0 : crc32(part.data);
    const size = part.declaredSize ?? part.size;
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const text = (name: string, xml: string): ZipPart => ({ name, data: Buffer.from(xml), size: Buffer.byteLength(xml) });
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const BOOK_PARTS: ZipPart[] = [
  text('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    + '<Default Extension="xml" ContentType="application/xml"/>'
    + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    + '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'),
  text('xl/workbook.xml', `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">`
    + '<sheets><sheet name="Students" sheetId="1" r:id="rId1"/></sheets></workbook>'),
  text('xl/_rels/workbook.xml.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    + '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'),
];
const SHEET_HEAD = `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData>`
  + '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="inlineStr"><is><t>DOB</t></is></c>'
  + '<c r="C1" t="inlineStr"><is><t>Phone</t></is></c></row>';
const SHEET_ROW = '<row r="2"><c r="A2" t="inlineStr"><is><t>Anu Joseph</t></is></c><c r="B2" t="inlineStr"><is><t>2016-03-15</t></is></c>'
  + '<c r="C2" t="inlineStr"><is><t>9847012345</t></is></c></row>';
const SHEET_TAIL = '</sheetData></worksheet>';

/** A workbook as Excel would read it: the three parts and one small sheet. */
const honestBook = (): File => ({ name: 'students.xlsx', data: zipOf([...BOOK_PARTS, text('xl/worksheets/sheet1.xml', SHEET_HEAD + SHEET_ROW + SHEET_TAIL)]) });

/** The sheet of a ZIP bomb: `megabytes` MB of XML (rows of spaces between the header row and the
 * end), deflated as a stream to about a thousandth of that. */
async function bombSheet(megabytes: number): Promise<{ data: Buffer; size: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const ended = new Promise((r) => deflate.on('end', r));
  const head = Buffer.from(SHEET_HEAD);
  const filler = Buffer.alloc(1024 * 1024, ' ');
  const tail = Buffer.from(SHEET_TAIL);
  deflate.write(head);
  for (let i = 0; i < megabytes; i++) if (!deflate.write(filler)) await new Promise((r) => deflate.once('drain', r));
  deflate.end(tail);
  await ended;
  return { data: Buffer.concat(out), size: head.length + megabytes * filler.length + tail.length };
}

let bomb: File;
let bombBytes: number;
beforeAll(async () => {
  // 760 MB of XML, as in the review, in an archive whose headers say the sheet is 10 KB.
  const sheet = await bombSheet(760);
  bombBytes = sheet.size;
  bomb = { name: 'bomb.xlsx', data: zipOf([...BOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', data: sheet.data, size: sheet.size, compressed: true, declaredSize: 10_240 }]) };
}, 120_000);

const studentsOf = (churchId: string) => app.db.withTenant(churchId, (tx) => tx.select().from(students).where(eq(students.churchId, churchId)));

describe('an XLSX that lies about its sizes (a ZIP bomb)', () => {
  /** Stated bound: the server's resident memory grows by less than this while it answers the bomb. */
  const MEMORY_BOUND = 64 * 1024 * 1024;

  it('is answered 413 within a second, the server\'s memory not growing beyond the bound (figures printed)', async () => {
    const { c, s, classId } = await churchWithClass();
    expect(bomb.data.length).toBeLessThan(2 * 1024 * 1024);
    // The honest workbook of the same parts is read: the refusal is the lie's.
    const honest = await preview(s, classId, honestBook());
    expect(honest.status, JSON.stringify(honest.body)).toBe(200);
    expect(honest.body.data.rows.map((r: Json) => r.values.name)).toEqual(['Anu Joseph']);

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 5);
    const started = performance.now();
    const res = await preview(s, classId, bomb);
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(`[student-import-bounds] a ${(bomb.data.length / 1024 / 1024).toFixed(2)} MB XLSX unpacking to ${(bombBytes / 1024 / 1024).toFixed(0)} MB `
      + `(declared 10 KB): ${res.status} in ${ms.toFixed(0)} ms; resident memory ${(before / 1024 / 1024).toFixed(0)} MB before, `
      + `peak ${(peak / 1024 / 1024).toFixed(0)} MB (+${((peak - before) / 1024 / 1024).toFixed(1)} MB) on ${app.db.kind}`);
    expect([res.status, res.body.reason, res.body.message]).toEqual([413, 'import_too_large', IMPORT_MESSAGES.unpackedTooLarge]);
    expect(ms).toBeLessThan(1000);
    expect(peak - before).toBeLessThan(MEMORY_BOUND);
    expect(await studentsOf(c.church.id)).toEqual([]);
  }, 60_000);

  it('is refused at once when it says its true size, and so are a sheet and a shared-strings table over their limits', async () => {
    const { s, classId } = await churchWithClass();
    const sheet = await bombSheet(100);
    const told = await preview(s, classId, { name: 'told.xlsx', data: zipOf([...BOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', data: sheet.data, size: sheet.size, compressed: true }]) });
    expect([told.status, told.body.reason]).toEqual([413, 'import_too_large']);

    const bigSheet = SHEET_HEAD + ' '.repeat(IMPORT_MAX_SHEET_BYTES) + SHEET_TAIL;
    const wide = await preview(s, classId, { name: 'sheet.xlsx', data: zipOf([...BOOK_PARTS, text('xl/worksheets/sheet1.xml', bigSheet)]) });
    expect([wide.status, wide.body.reason, wide.body.message]).toEqual([413, 'import_sheet_too_large', IMPORT_MESSAGES.sheetTooLarge]);

    const strings = `<?xml version="1.0"?><sst xmlns="${MAIN}">${'<si><t>x</t></si>'.repeat(Math.ceil(IMPORT_MAX_SHARED_STRINGS_BYTES / 16))}</sst>`;
    const shared = await preview(s, classId, {
      name: 'strings.xlsx', data: zipOf([...BOOK_PARTS, text('xl/sharedStrings.xml', strings), text('xl/worksheets/sheet1.xml', SHEET_HEAD + SHEET_ROW + SHEET_TAIL)]),
    });
    expect([shared.status, shared.body.reason, shared.body.message]).toEqual([413, 'import_shared_strings_too_large', IMPORT_MESSAGES.sharedStringsTooLarge]);
    // Many tiny strings under the byte limit: refused by their count.
    const many = `<?xml version="1.0"?><sst xmlns="${MAIN}">${'<si/>'.repeat(500_000)}</sst>`;
    const counted = await preview(s, classId, {
      name: 'many.xlsx', data: zipOf([...BOOK_PARTS, text('xl/sharedStrings.xml', many), text('xl/worksheets/sheet1.xml', SHEET_HEAD + SHEET_ROW + SHEET_TAIL)]),
    });
    expect([counted.status, counted.body.reason]).toEqual([413, 'import_shared_strings_too_large']);
  }, 60_000);

  it('is not read at all for a class the caller may not import into: 404 at once', async () => {
    const { s } = await churchWithClass();
    const other = await churchWithClass();
    const started = performance.now();
    const res = await preview(s, other.classId, bomb);
    expect(res.status).toBe(404);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await studentsOf(other.c.church.id)).toEqual([]);
  });
});

describe('previews per church', () => {
  it(`lets a church preview ${PREVIEWS_PER_CHURCH} files a window, then 429 with Retry-After; another church is not held back`, async () => {
    const { s, classId } = await churchWithClass();
    const other = await churchWithClass();
    const file = honestBook();
    for (let i = 0; i < PREVIEWS_PER_CHURCH; i++) expect((await preview(s, classId, file)).status).toBe(200);
    const refused = await preview(s, classId, file);
    expect([refused.status, refused.body.message]).toEqual([429, 'Too many spreadsheet previews. Please try again in 10 minutes.']);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await preview(other.s, other.classId, file)).status).toBe(200);
  });
});

describe('a CSV of commas', () => {
  it(`is refused past ${IMPORT_MAX_COLUMNS} columns, and trailing empty columns never grow the preview`, async () => {
    const { s, classId } = await churchWithClass();
    const commas = 2 * 1024 * 1024 - 200;
    const wide = await preview(s, classId, { name: 'commas.csv', data: Buffer.from(`Name${','.repeat(commas)}x\nAnu,2016-01-01,9847012345\n`) });
    expect([wide.status, wide.body.reason, wide.body.message]).toEqual([413, 'import_too_many_columns', IMPORT_MESSAGES.tooManyColumns]);
    const input = `Name,DOB,Phone${','.repeat(commas / 2)}\nAnu,2016-01-01,9847012345${','.repeat(commas / 2)}\n`;
    const trailing = await preview(s, classId, { name: 'trailing.csv', data: Buffer.from(input) });
    expect(trailing.status, trailing.body.message).toBe(200);
    expect(trailing.body.data.columns).toEqual(['Name', 'DOB', 'Phone']);
    expect(trailing.bytes).toBeLessThan(2048);
  });
});
