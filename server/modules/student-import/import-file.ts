import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import yauzl from 'yauzl';
import yazl from 'yazl';
import {
  IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MAX_SHARED_STRINGS, IMPORT_MAX_SHARED_STRINGS_BYTES, IMPORT_MAX_SHEET_BYTES,
  IMPORT_MAX_UNPACKED_BYTES, IMPORT_MESSAGES,
} from '../../../common/student-import.js';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../core/errors.js';

/** A spreadsheet as the import reads it: its rows that have a value, each with its line (the row
 * number the spreadsheet shows). Which of them is the header row the preview decides (import-service.ts). */
export interface SheetTable {
  lines: Array<{ line: number; cells: string[] }>;
}

const malformed = () => unsupportedMediaType(IMPORT_MESSAGES.malformed, { reason: 'import_malformed' });
const tooManyRows = () => payloadTooLarge(IMPORT_MESSAGES.tooManyRows, { reason: 'import_too_many_rows' });
const tooManyColumns = () => payloadTooLarge(IMPORT_MESSAGES.tooManyColumns, { reason: 'import_too_many_columns' });

/** A line's cells trimmed, less the empty cells after its last value (spreadsheets save those); more
 * than IMPORT_MAX_COLUMNS left is refused, so the preview (which lists the columns) stays small. */
function lineCells(cells: string[]): string[] {
  const trimmed = cells.map((c) => c.trim());
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '') end -= 1;
  if (end > IMPORT_MAX_COLUMNS) throw tooManyColumns();
  return trimmed.slice(0, end);
}

/**
 * Reads a CSV or XLSX file (already bounded in bytes by the route). What it is comes from its first
 * bytes, never from its name alone: a ZIP must be a workbook without macros, an old binary Excel file
 * is refused with its own message, anything else must be UTF-8 or UTF-16 (with a byte-order mark)
 * text. Every refusal is a 4xx with a message.
 */
export async function readSpreadsheet(data: Buffer, fileName: string): Promise<SheetTable> {
  if (/\.xl[sta]m$/i.test(fileName)) throw unsupportedMediaType(IMPORT_MESSAGES.macros, { reason: 'import_macros' });
  if (data.length >= 4 && data.readUInt32LE(0) === 0x04034b50) return readWorkbook(data);
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'))) {
    throw unsupportedMediaType(IMPORT_MESSAGES.oldExcel, { reason: 'import_old_excel' });
  }
  return readCsv(decodeText(data));
}

/** UTF-8 (a BOM dropped) or UTF-16 LE/BE after its BOM; anything else, or text with control
 * characters other than tab and line ends (a binary file), is refused. */
function decodeText(data: Buffer): string {
  let text: string;
  try {
    if (data[0] === 0xff && data[1] === 0xfe) text = new TextDecoder('utf-16le', { fatal: true }).decode(data.subarray(2));
    else if (data[0] === 0xfe && data[1] === 0xff) text = new TextDecoder('utf-16be', { fatal: true }).decode(data.subarray(2));
    else text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw unsupportedMediaType(IMPORT_MESSAGES.encoding, { reason: 'import_encoding' });
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) throw malformed();
  return text;
}

function readCsv(text: string): SheetTable {
  // Excel writes ';' where the decimal mark is a comma; Papa guesses the delimiter from the first lines.
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: [',', ';', '\t'], skipEmptyLines: false, preview: IMPORT_MAX_ROWS + 50 });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal) throw badRequest(`${IMPORT_MESSAGES.malformed} (line ${(fatal.row ?? 0) + 1})`, { reason: 'import_malformed' });
  return tableOf(parsed.data.map((cells, i) => ({ line: i + 1, cells })), !parsed.meta.truncated);
}

/** The non-empty rows (a header row, maybe a title above it, and the students); more than
 * IMPORT_MAX_ROWS rows (and a header) or IMPORT_MAX_COLUMNS columns is refused (`complete`: the reader
 * saw the whole file). */
function tableOf(lines: Array<{ line: number; cells: string[] }>, complete: boolean): SheetTable {
  const filled = lines
    .map((l) => ({ line: l.line, cells: lineCells(l.cells) }))
    .filter((l) => l.cells.length > 0);
  if (filled.length > IMPORT_MAX_ROWS + 1 || !complete) throw tooManyRows();
  if (filled.length < 2) throw badRequest(IMPORT_MESSAGES.empty, { reason: 'import_empty' });
  return { lines: filled };
}

/** The parts of a workbook the import reads, each with the most it may unpack to. Nothing else of the
 * archive (other sheets, pictures, printer settings) is ever unpacked. */
const PART_LIMITS = {
  contentTypes: { name: '[Content_Types].xml', max: 1024 * 1024 },
  workbook: { name: 'xl/workbook.xml', max: 1024 * 1024 },
  rels: { name: 'xl/_rels/workbook.xml.rels', max: 1024 * 1024 },
  styles: { name: 'xl/styles.xml', max: 4 * 1024 * 1024 },
  sharedStrings: { name: 'xl/sharedStrings.xml', max: IMPORT_MAX_SHARED_STRINGS_BYTES },
} as const;
const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

const notWorkbook = () => badRequest(IMPORT_MESSAGES.notWorkbook, { reason: 'import_not_workbook' });
const unpackedTooLarge = (reason = 'import_too_large', message: string = IMPORT_MESSAGES.unpackedTooLarge) =>
  payloadTooLarge(message, { reason });

/** The entries of a ZIP from its central directory (read before anything is unpacked), by name;
 * a name twice is not a workbook. */
async function zipEntries(data: Buffer): Promise<{ zip: yauzl.ZipFile; entries: Map<string, yauzl.Entry> }> {
  let zip: yauzl.ZipFile;
  const entries = new Map<string, yauzl.Entry>();
  try {
    // Sizes are checked below, by counting what is unpacked (yauzl's own check throws a plain error).
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: false, strictFileNames: false });
    for await (const entry of zip.eachEntry()) {
      if (entries.has(entry.fileName)) throw notWorkbook();
      entries.set(entry.fileName, entry);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notWorkbook();
  }
  return { zip, entries };
}

/**
 * One entry unpacked, counting the bytes as they come: more than its directory said (an archive that
 * lies about its sizes: a ZIP bomb) stops the unpacking at once with a 413, and so does a declared size
 * over `max` (`tooLarge`, before anything is inflated); fewer is a damaged archive. At most
 * min(declared, max) bytes and one chunk are ever inflated.
 */
async function unpack(zip: yauzl.ZipFile, entry: yauzl.Entry, max: number, tooLarge: () => AppError): Promise<Buffer> {
  if (entry.uncompressedSize > max) throw tooLarge();
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    throw notWorkbook();
  }
  const chunks: Buffer[] = [];
  let unpacked = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      if (unpacked > entry.uncompressedSize) throw unpackedTooLarge(); // it lied about its size
      chunks.push(chunk);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof AppError) throw error;
    throw notWorkbook();
  }
  if (unpacked !== entry.uncompressedSize) throw notWorkbook();
  return Buffer.concat(chunks);
}

const MACRO_CONTENT = /macroEnabled|vbaProject|ms-office\.activeX|ms-excel\.(intl)?macrosheet/i;
const EMPTY_SHARED_STRINGS = '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';
const EMPTY_RELS = '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>';

/** How many strings a shared-strings table holds (its <si> elements, with any namespace prefix). */
function sharedStringCount(xml: Buffer): number {
  let count = 0;
  const text = xml.toString('latin1');
  for (const _ of text.matchAll(/<(?:[A-Za-z_][\w.-]*:)?si[\s/>]/g)) count += 1;
  return count;
}

/** The parts read, as a new archive with honest sizes (stored, not compressed) and in the order exceljs
 * needs them (its streaming reader then never writes a sheet to a temporary file). */
function cleanArchive(parts: Array<[string, Buffer]>): Promise<Buffer> {
  const out = new yazl.ZipFile();
  for (const [name, data] of parts) out.addBuffer(data, name, { compress: false });
  out.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    out.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });
}

/**
 * An XLSX: a ZIP whose central directory names a workbook; refused when it carries macros (a
 * vbaProject.bin part or a macro content type). Only the parts the import needs are unpacked (the
 * content types, the workbook, its relations, styles, shared strings and the first worksheet), each
 * against its own limit and all together against IMPORT_MAX_UNPACKED_BYTES, counting the bytes
 * actually inflated: an archive whose directory understates its sizes is stopped at the first byte
 * past what it declared (413). Then the first worksheet is streamed, row by row, stopping past the row limit.
 */
async function readWorkbook(data: Buffer): Promise<SheetTable> {
  const { zip, entries } = await zipEntries(data);
  if ([...entries.keys()].some((name) => /(^|\/)vbaProject\.bin$/i.test(name))) throw unsupportedMediaType(IMPORT_MESSAGES.macros, { reason: 'import_macros' });
  const types = entries.get(PART_LIMITS.contentTypes.name);
  const workbook = entries.get(PART_LIMITS.workbook.name);
  if (!types || !workbook) throw notWorkbook();
  const sheetName = [...entries.keys()].find((name) => SHEET.test(name));
  const sheet = sheetName === undefined ? undefined : entries.get(sheetName);
  const rels = entries.get(PART_LIMITS.rels.name);
  const styles = entries.get(PART_LIMITS.styles.name);
  const shared = entries.get(PART_LIMITS.sharedStrings.name);
  const declared = [types, workbook, rels, styles, shared, sheet].reduce((sum, e) => sum + (e?.uncompressedSize ?? 0), 0);
  if (declared > IMPORT_MAX_UNPACKED_BYTES) throw unpackedTooLarge();

  const contentTypes = await unpack(zip, types, PART_LIMITS.contentTypes.max, () => unpackedTooLarge());
  if (MACRO_CONTENT.test(contentTypes.toString('utf8'))) throw unsupportedMediaType(IMPORT_MESSAGES.macros, { reason: 'import_macros' });
  if (!sheet || !sheetName) throw badRequest(IMPORT_MESSAGES.empty, { reason: 'import_empty' });

  const parts: Array<[string, Buffer]> = [
    [PART_LIMITS.rels.name, rels ? await unpack(zip, rels, PART_LIMITS.rels.max, () => unpackedTooLarge()) : Buffer.from(EMPTY_RELS)],
    [PART_LIMITS.workbook.name, await unpack(zip, workbook, PART_LIMITS.workbook.max, () => unpackedTooLarge())],
  ];
  if (shared) {
    const strings = await unpack(zip, shared, PART_LIMITS.sharedStrings.max,
      () => unpackedTooLarge('import_shared_strings_too_large', IMPORT_MESSAGES.sharedStringsTooLarge));
    if (sharedStringCount(strings) > IMPORT_MAX_SHARED_STRINGS) throw unpackedTooLarge('import_shared_strings_too_large', IMPORT_MESSAGES.sharedStringsTooLarge);
    parts.push([PART_LIMITS.sharedStrings.name, strings]);
  } else {
    parts.push([PART_LIMITS.sharedStrings.name, Buffer.from(EMPTY_SHARED_STRINGS)]);
  }
  if (styles) parts.push([PART_LIMITS.styles.name, await unpack(zip, styles, PART_LIMITS.styles.max, () => unpackedTooLarge())]);
  parts.push([sheetName, await unpack(zip, sheet, IMPORT_MAX_SHEET_BYTES, () => unpackedTooLarge('import_sheet_too_large', IMPORT_MESSAGES.sheetTooLarge))]);
  const clean = await cleanArchive(parts);
  parts.length = 0;

  const lines: Array<{ line: number; cells: string[] }> = [];
  let complete = true;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(clean), {
      sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'emit',
    });
    sheets: for await (const worksheet of reader) {
      for await (const row of worksheet) {
        lines.push({ line: row.number, cells: cellsOf(row.values) });
        if (lines.length > IMPORT_MAX_ROWS + 50) { complete = false; break sheets; }
      }
      break; // the first worksheet only
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notWorkbook();
  }
  return tableOf(lines, complete);
}

/** A row's values (exceljs counts columns from 1: index 0 is empty) as text. */
function cellsOf(values: ExcelJS.CellValue[] | Record<string, ExcelJS.CellValue>): string[] {
  const list = Array.isArray(values) ? values.slice(1) : [];
  if (list.length > IMPORT_MAX_COLUMNS && list.slice(IMPORT_MAX_COLUMNS).some((v) => cellText(v).trim() !== '')) throw tooManyColumns();
  list.length = Math.min(list.length, IMPORT_MAX_COLUMNS);
  return Array.from(list, (value) => cellText(value));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text: a date cell as its calendar date (Excel stores no time zone: exceljs gives it as
 * UTC midnight), rich text and hyperlinks as their text, a formula as its result. */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? '' : `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result);
    return '';
  }
  return String(value);
}
