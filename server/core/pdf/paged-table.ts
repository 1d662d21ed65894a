import type { Translate } from '../i18n.js';
import { artifact, begin, end, newDocument, tag, widthOf, write, writeLine, type Doc, type Weight } from './text.js';

/**
 * A table over A4 landscape pages, as the printed registers and result sheets draw it: every page
 * repeats the heading (church, title, the lines under it) and the table's column headings, so a page
 * read alone says what it is; every page carries its number at the foot. Tagged for reading: the
 * first page's heading, then one table (its first row the column headings) and what follows it;
 * page numbers, rules and the heading repeated on later pages are artifacts.
 */

const MARGIN = 28;
const ROW = 15;
const TEXT = 8.5;
/** Room kept at the foot of each page for its number. */
const FOOTER = 16;

export interface Column { label: string; width: number; align?: 'left' | 'center' | 'right'; weight?: Weight }

/** The smallest size a column heading shrinks to before it may be cut. */
const HEADING_MIN = 5.5;
const LINE = 1.2;

/**
 * A column heading set to fit its column, never clipped: on one line at the table's size if it fits,
 * else wrapped at its spaces (up to three lines), else smaller, down to HEADING_MIN. Measured in
 * the PDF's own fonts (widthOf), so a Malayalam heading (റോൾ നമ്പർ) is measured as it is drawn.
 */
function fitHeading(doc: Doc, label: string, width: number): { lines: string[]; size: number } {
  const room = width - 4;
  const words = label.split(/\s+/).filter(Boolean);
  for (let size = TEXT; size >= HEADING_MIN; size -= 0.5) {
    const fits = (text: string) => widthOf(doc, text, size, 'bold') <= room;
    if (fits(label)) return { lines: [label], size };
    if (!words.every(fits)) continue;
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.at(-1);
      if (last !== undefined && fits(`${last} ${word}`)) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    if (lines.length <= 3) return { lines, size };
  }
  return { lines: words.length ? words : [label], size: HEADING_MIN };
}

/** The width a short heading needs on one line at the table's size, within [min, max]. */
export function widthFor(doc: Doc, label: string, min: number, max: number) {
  return Math.max(min, Math.min(max, Math.ceil(widthOf(doc, label, TEXT, 'bold')) + 6));
}

export interface Heading { churchName: string; title: string; lines: string[] }

/** A table over pages: the heading and the column headings on every page, rows that never split. */
export class PagedTable {
  readonly doc: Doc;
  private page = 0;
  private readonly left = MARGIN;
  /** The table's structure element is open (from its first row until what follows it). */
  private tableOpen = false;

  private columns: Column[] = [];
  /** The caption of the table being drawn (a second table's), repeated over its headings on a new page. */
  private caption: string | undefined;

  constructor(title: string, language: string, private readonly t: Translate, private readonly heading: Heading, columns: Column[] | ((doc: Doc) => Column[])) {
    this.doc = newDocument({ title, language, layout: 'landscape', margin: MARGIN });
    this.columns = typeof columns === 'function' ? columns(this.doc) : columns;
    this.startPage(false);
  }

  /** Ends the table drawn so far and starts another under it, with its caption (a heading) and its own columns. */
  nextTable(caption: string, columns: Column[]) {
    this.closeTable();
    this.columns = columns;
    this.caption = undefined;
    // The caption, the headings and two rows together, or all on a new page.
    if (this.doc.y + 14 + 16 + this.headingHeight() + ROW * 2 > this.bottom) this.startPage(true, false);
    else this.doc.y += 14;
    this.caption = caption;
    this.captionLine(false);
    this.headingRow(false);
  }

  private captionLine(repeated: boolean) {
    if (this.caption === undefined) return;
    const { doc } = this;
    const y = doc.y;
    const draw = () => write(doc, this.caption!, { x: this.left, y, size: 11, weight: 'bold', role: 'H2', lineBreak: false });
    if (repeated) artifact(doc, draw, 'Pagination');
    else draw();
    doc.x = this.left;
    doc.y = y + 16;
  }

  private get bottom() { return this.doc.page.height - MARGIN - FOOTER; }

  private startPage(add: boolean, withHeadings = true) {
    const { doc } = this;
    if (add) doc.addPage();
    this.page += 1;
    // The page number sits in the bottom margin: PDFKit would start a new page for text written
    // below the margin, so the margin is lifted for that one line.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    artifact(doc, () => writeLine(doc, this.t('reports.register.page', { page: this.page }), {
      x: this.left, y: doc.page.height - MARGIN - 10, size: 7.5, width: doc.page.width - 2 * MARGIN, align: 'right',
    }), 'Pagination');
    doc.page.margins.bottom = margin;
    doc.x = this.left;
    doc.y = MARGIN;
    // Each heading line on its own line, never wrapped: a line without wrapping leaves the position
    // where it was, so it is moved on by hand. Read once: on later pages it is an artifact.
    const line = (text: string, size: number, weight: Weight, role: 'H1' | 'P') => {
      const y = doc.y;
      write(doc, text, { x: this.left, y, size, weight, role, lineBreak: false });
      doc.y = y + size * 1.45;
    };
    const heading = () => {
      line(this.heading.churchName, 10.5, 'bold', 'P');
      line(this.heading.title, 14, 'bold', 'H1');
      for (const text of this.heading.lines) line(text, 9.5, 'regular', 'P');
    };
    if (add) artifact(doc, heading, 'Pagination');
    else heading();
    doc.x = this.left;
    doc.y += 4;
    if (!withHeadings) return;
    if (add) this.captionLine(true);
    this.headingRow(add);
  }

  /** Each column's heading fitted to it, and the heading row's height: its tallest heading's. */
  private fittedHeadings() {
    const fitted = this.columns.map((c) => fitHeading(this.doc, c.label, c.width));
    return { fitted, height: Math.max(ROW, ...fitted.map((f) => f.lines.length * f.size * LINE + 6)) };
  }

  private headingHeight() {
    return this.fittedHeadings().height;
  }

  /** A row of the table's structure (TR), opening the table at its first row. */
  private tableRow(draw: () => void) {
    if (!this.tableOpen) begin(this.doc, 'Table');
    this.tableOpen = true;
    begin(this.doc, 'TR');
    try {
      draw();
    } finally {
      end(this.doc);
    }
  }

  /**
   * The row of column headings, as high as its tallest heading: each fitted to its column (wrapped or
   * smaller), never clipped. The first page's is the table's first row (TH cells); a later page's an artifact.
   */
  private headingRow(repeated: boolean) {
    const { doc } = this;
    const y = doc.y;
    const { fitted, height } = this.fittedHeadings();
    const width = this.columns.reduce((sum, c) => sum + c.width, 0);
    const draw = () => {
      artifact(doc, () => doc.save().rect(this.left, y, width, height).fill('#eeeeee').restore());
      let x = this.left;
      this.columns.forEach((column, i) => {
        const { lines, size } = fitted[i];
        const top = y + (height - lines.length * size * LINE) / 2 + 0.5;
        tag(doc, 'TH', () => lines.forEach((line, n) => writeLine(doc, line, {
          x: x + 2, y: top + n * size * LINE, width: column.width - 4, size, align: column.align ?? 'left', weight: 'bold',
        })));
        x += column.width;
      });
      this.borders(y, height);
    };
    if (repeated) artifact(doc, draw, 'Pagination');
    else this.tableRow(draw);
    doc.x = this.left;
    doc.y = y + height;
  }

  /** The cells' borders of a row, one path (one artifact, few operators); the first `span` columns one cell. */
  private borders(y: number, height: number, span = 1) {
    const { doc } = this;
    artifact(doc, () => {
      doc.save().lineWidth(0.4);
      let left = this.left;
      const first = this.columns.slice(0, span).reduce((sum, c) => sum + c.width, 0);
      doc.rect(left, y, first, height);
      left += first;
      for (const column of this.columns.slice(span)) {
        doc.rect(left, y, column.width, height);
        left += column.width;
      }
      doc.stroke('#666666').restore();
    });
  }

  /** Ends the table's structure element: what is written next follows the table. */
  private closeTable() {
    if (this.tableOpen) end(this.doc);
    this.tableOpen = false;
  }

  /** Room for `height` points on this page, or a new page. */
  ensure(height: number) {
    if (this.doc.y + height > this.bottom) this.startPage(true);
  }

  /**
   * One row of cells, each clipped to its column (a long name never runs into the next cell); with
   * `span`, the first cell (a total's label) spans that many columns and the cells it covers are left out.
   */
  row(cells: string[], options: { weight?: Weight; shade?: boolean; span?: number } = {}) {
    const { doc } = this;
    if (doc.y + ROW > this.bottom) this.startPage(true);
    const y = doc.y;
    const width = this.columns.reduce((sum, c) => sum + c.width, 0);
    const draw = () => {
      if (options.shade) artifact(doc, () => doc.save().rect(this.left, y, width, ROW).fill('#eeeeee').restore());
      let x = this.left;
      const span = options.span ?? 1;
      this.columns.forEach((column, i) => {
        if (i > 0 && i < span) return;
        const cellWidth = i === 0 ? this.columns.slice(0, span).reduce((sum, c) => sum + c.width, 0) : column.width;
        doc.save().rect(x, y, cellWidth, ROW).clip();
        tag(doc, 'TD', () => writeLine(doc, cells[i] ?? '', {
          x: x + 2, y: y + 3, width: cellWidth - 4, size: TEXT, align: i === 0 && span > 1 ? 'left' : column.align ?? 'left', weight: options.weight ?? column.weight ?? 'regular',
        }));
        doc.restore();
        x += cellWidth;
      });
      this.borders(y, ROW, span);
    };
    this.tableRow(draw);
    doc.x = this.left;
    doc.y = y + ROW;
  }

  /** A line of text under the table, across the page. */
  note(text: string) {
    this.closeTable();
    this.ensure(ROW + 6);
    this.doc.y += 6;
    write(this.doc, text, { x: this.left, size: 9.5, width: this.doc.page.width - 2 * MARGIN });
    this.doc.x = this.left;
  }

  /** Lines to sign on, side by side, with their labels under them. */
  signatures(labels: string[]) {
    const { doc } = this;
    this.closeTable();
    this.ensure(60);
    const y = doc.y + 40;
    const width = 200;
    labels.forEach((label, i) => {
      const x = this.left + i * (width + 80);
      artifact(doc, () => doc.save().lineWidth(0.6).moveTo(x, y).lineTo(x + width, y).stroke().restore());
      write(doc, label, { x, y: y + 3, size: 9, lineBreak: false });
    });
    doc.x = this.left;
    doc.y = y + 18;
  }
}


/** The width of an A4 landscape page inside the margins. */
export const usableWidth = 841.89 - 2 * MARGIN;
