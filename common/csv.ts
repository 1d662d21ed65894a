/** A small RFC 4180 CSV writer (no dependency): CRLF line ends, fields quoted when they need it. */

export type CsvCell = string | number | boolean | null | undefined;

/** Text that a spreadsheet would run as a formula when it opens the file (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field. Numbers are written as they are; text that starts like a formula (=, +, -, @, tab,
 * carriage return) gets a leading apostrophe so a spreadsheet shows it as text; a field containing
 * a comma, a double quote or a line break is enclosed in double quotes with inner quotes doubled.
 */
function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines of a document, each ending with CRLF: for a document written in parts (a header, then batches). */
export function csvLines(rows: ReadonlyArray<readonly CsvCell[]>): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** A whole document: header row, then the rows; every line ends with CRLF (RFC 4180). */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return csvLines([header, ...rows]);
}
