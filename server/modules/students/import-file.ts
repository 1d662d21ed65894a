import { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { IMPORT_MAX_ROWS, IMPORT_MAX_UNPACKED_BYTES, IMPORT_MESSAGES } from '../../../common/student-import.js';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../core/errors.js';

/** A spreadsheet as the import reads it: the header row and the rows under it, each with its line
 * (the row number the spreadsheet shows, the header being line 1 when it is the first). */
export interface SheetTable {
  headers: string[];
  rows: Array<{ line: number; cells: string[] }>;
}

const malformed = () => unsupportedMediaType(IMPORT_MESSAGES.malformed, { reason: 'import_malformed' });
const tooManyRows = () => payloadTooLarge(IMPORT_MESSAGES.tooManyRows, { reason: 'import_too_many_rows' });

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

/** The header row (the first row with a value) and the non-empty rows under it; more than
 * IMPORT_MAX_ROWS rows is refused (`complete`: the reader saw the whole file). */
function tableOf(lines: Array<{ line: number; cells: string[] }>, complete: boolean): SheetTable {
  const filled = lines
    .map((l) => ({ line: l.line, cells: l.cells.map((c) => c.trim()) }))
    .filter((l) => l.cells.some((c) => c !== ''));
  if (filled.length > IMPORT_MAX_ROWS + 1 || !complete) throw tooManyRows();
  const [header, ...rows] = filled;
  if (!header || !rows.length) throw badRequest(IMPORT_MESSAGES.empty, { reason: 'import_empty' });
  return { headers: header.cells, rows };
}

interface ZipEntry { name: string; method: number; compressedSize: number; size: number; offset: number }

/** The entries of a ZIP from its central directory (read before anything is unpacked). */
function zipEntries(data: Buffer): ZipEntry[] {
  const minEnd = Math.max(0, data.length - 22 - 0xffff);
  let end = -1;
  for (let i = data.length - 22; i >= minEnd; i -= 1) {
    if (data.readUInt32LE(i) === 0x06054b50) { end = i; break; }
  }
  if (end < 0) throw badRequest(IMPORT_MESSAGES.notWorkbook, { reason: 'import_not_workbook' });
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) throw badRequest(IMPORT_MESSAGES.notWorkbook, { reason: 'import_not_workbook' });
    const nameLength = data.readUInt16LE(at + 28);
    entries.push({
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      name: data.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      offset: data.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return entries;
}

/** One small entry's bytes (stored or deflated), at most `max` bytes unpacked. */
function entryText(data: Buffer, entry: ZipEntry, max: number): string {
  const at = entry.offset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) throw badRequest(IMPORT_MESSAGES.notWorkbook, { reason: 'import_not_workbook' });
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const raw = data.subarray(start, start + entry.compressedSize);
  const bytes = entry.method === 0 ? raw : inflateRawSync(raw, { maxOutputLength: max });
  return bytes.toString('utf8');
}

const MACRO_CONTENT = /macroEnabled|vbaProject|ms-office\.activeX|ms-excel\.(intl)?macrosheet/i;

/**
 * An XLSX: a ZIP whose central directory names a workbook; refused when it carries macros (a
 * vbaProject.bin part or a macro content type) or would unpack to more than IMPORT_MAX_UNPACKED_BYTES
 * (a ZIP bomb). Only then is the first worksheet streamed, row by row, stopping past the row limit.
 */
async function readWorkbook(data: Buffer): Promise<SheetTable> {
  const entries = zipEntries(data);
  const names = new Set(entries.map((e) => e.name));
  if (entries.some((e) => /(^|\/)vbaProject\.bin$/i.test(e.name))) throw unsupportedMediaType(IMPORT_MESSAGES.macros, { reason: 'import_macros' });
  const types = entries.find((e) => e.name === '[Content_Types].xml');
  if (!types || !names.has('xl/workbook.xml')) throw badRequest(IMPORT_MESSAGES.notWorkbook, { reason: 'import_not_workbook' });
  if (entries.reduce((sum, e) => sum + e.size, 0) > IMPORT_MAX_UNPACKED_BYTES) {
    throw payloadTooLarge(IMPORT_MESSAGES.unpackedTooLarge, { reason: 'import_too_large' });
  }
  let contentTypes: string;
  try {
    contentTypes = entryText(data, types, 1024 * 1024);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(IMPORT_MESSAGES.notWorkbook, { reason: 'import_not_workbook' });
  }
  if (MACRO_CONTENT.test(contentTypes)) throw unsupportedMediaType(IMPORT_MESSAGES.macros, { reason: 'import_macros' });

  const lines: Array<{ line: number; cells: string[] }> = [];
  let complete = true;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(data), {
      sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'emit',
    });
    sheets: for await (const sheet of reader) {
      for await (const row of sheet) {
        lines.push({ line: row.number, cells: cellsOf(row.values) });
        if (lines.length > IMPORT_MAX_ROWS + 50) { complete = false; break sheets; }
      }
      break; // the first worksheet only
    }
  } catch {
    throw badRequest(IMPORT_MESSAGES.notWorkbook, { reason: 'import_not_workbook' });
  }
  return tableOf(lines, complete);
}

/** A row's values (exceljs counts columns from 1: index 0 is empty) as text. */
function cellsOf(values: ExcelJS.CellValue[] | Record<string, ExcelJS.CellValue>): string[] {
  const list = Array.isArray(values) ? values.slice(1) : [];
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
