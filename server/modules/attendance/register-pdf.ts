import { INTL_LOCALE, type Locale } from '../../../common/i18n/locales.js';
import { translatorFor, type Translate } from '../../core/i18n.js';
import { artifact, begin, end, newDocument, tag, write, writeLine, type Doc, type Drawing, type Weight } from '../../core/pdf/text.js';

/**
 * The printed attendance documents, A4 landscape: the monthly register of a class, laid out like
 * the paper register a Sunday School keeps, and the yearly summaries of a class and of the church.
 * Every page repeats the heading (church, title, class and period) and the table's column headings,
 * so a page read alone says what it is; every page carries its number at the foot. Fixed texts come
 * from the catalogue in the reader's language; names are printed as written, in any script.
 * Tagged for reading: the first page's heading, then one table (its first row the column headings)
 * and what follows it; page numbers, rules and the heading repeated on later pages are artifacts.
 */

const MARGIN = 28;
const ROW = 15;
const TEXT = 8.5;
/** Room kept at the foot of each page for its number. */
const FOOTER = 16;

interface Column { label: string; width: number; align?: 'left' | 'center' | 'right'; weight?: Weight }

interface Heading { churchName: string; title: string; lines: string[] }

/** A table over pages: the heading and the column headings on every page, rows that never split. */
class PagedTable {
  readonly doc: Doc;
  private page = 0;
  private readonly left = MARGIN;
  /** The table's structure element is open (from its first row until what follows it). */
  private tableOpen = false;

  constructor(title: string, language: Locale, private readonly t: Translate, private readonly heading: Heading, private readonly columns: Column[]) {
    this.doc = newDocument({ title, language: INTL_LOCALE[language], layout: 'landscape', margin: MARGIN });
    this.startPage(false);
  }

  private get bottom() { return this.doc.page.height - MARGIN - FOOTER; }

  private startPage(add: boolean) {
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
    this.row(this.columns.map((c) => c.label), { weight: 'bold', shade: true, header: add ? 'repeated' : 'first' });
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
   * One row of cells, each clipped to its column (a long name never runs into the next cell): a row
   * of the table's structure, of column headings (the first page's heading row), or an artifact (the
   * headings repeated on a later page).
   */
  row(cells: string[], options: { weight?: Weight; shade?: boolean; header?: 'first' | 'repeated' } = {}) {
    const { doc } = this;
    if (doc.y + ROW > this.bottom) this.startPage(true);
    const y = doc.y;
    const width = this.columns.reduce((sum, c) => sum + c.width, 0);
    const draw = () => {
      if (options.shade) artifact(doc, () => doc.save().rect(this.left, y, width, ROW).fill('#eeeeee').restore());
      let x = this.left;
      this.columns.forEach((column, i) => {
        doc.save().rect(x, y, column.width, ROW).clip();
        tag(doc, options.header ? 'TH' : 'TD', () => writeLine(doc, cells[i] ?? '', {
          x: x + 2, y: y + 3, width: column.width - 4, size: TEXT, align: column.align ?? 'left', weight: options.weight ?? column.weight ?? 'regular',
        }));
        doc.restore();
        x += column.width;
      });
      // The cells' borders, one path for the row (one artifact, few operators).
      artifact(doc, () => {
        doc.save().lineWidth(0.4);
        let left = this.left;
        for (const column of this.columns) {
          doc.rect(left, y, column.width, ROW);
          left += column.width;
        }
        doc.stroke('#666666').restore();
      });
    };
    if (options.header === 'repeated') {
      artifact(doc, draw, 'Pagination');
    } else {
      if (!this.tableOpen) begin(doc, 'Table');
      this.tableOpen = true;
      begin(doc, 'TR');
      try {
        draw();
      } finally {
        end(doc);
      }
    }
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
const usableWidth = 841.89 - 2 * MARGIN;

const percent = (value: number | null) => (value === null ? '–' : value.toFixed(1));

/** Date formats by language and style, made once: making one is far dearer than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(language: Locale, style: 'long' | 'short') {
  const key = `${language}-${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], style === 'long'
      ? { month: 'long', year: 'numeric', timeZone: 'UTC' } : { month: 'short', year: '2-digit', timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}
const monthTitle = (language: Locale, month: string) => formatOf(language, 'long').format(new Date(`${month}-01T00:00:00Z`));
const monthShort = (language: Locale, month: string) => formatOf(language, 'short').format(new Date(`${month}-01T00:00:00Z`));

const classLabel = (cls: { className: string; section: string }) => `${cls.className} ${cls.section}`.trim();

export interface RegisterFacts {
  language: Locale;
  churchName: string;
  cls: { className: string; section: string };
  teacher: string | undefined;
  /** YYYY-MM */
  month: string;
  /** The dates with marks, in order. */
  dates: string[];
  children: Array<{
    roll: number | null; name: string; present: number; absent: number; percentage: number | null;
    /** Status by date. */
    marks: Map<string, string>;
  }>;
}

/** The monthly register: one row per child, a column per date marked, totals per child and date. */
export function registerPdf(facts: RegisterFacts): Drawing {
  const t = translatorFor(facts.language);
  const dateColumns = facts.dates.length;
  const fixed = 48 + 54 * 2 + 44;
  const dateWidth = dateColumns ? Math.min(36, (usableWidth - fixed - 140) / dateColumns) : 0;
  const nameWidth = Math.min(300, usableWidth - fixed - dateWidth * dateColumns);
  const columns: Column[] = [
    { label: t('reports.rollNo'), width: 48, align: 'right' },
    { label: t('reports.student'), width: nameWidth },
    ...facts.dates.map((date): Column => ({ label: String(Number(date.slice(8, 10))), width: dateWidth, align: 'center' })),
    { label: t('reports.present'), width: 54, align: 'right' },
    { label: t('reports.absent'), width: 54, align: 'right' },
    { label: t('reports.percentageShort'), width: 44, align: 'right' },
  ];
  const monthName = monthTitle(facts.language, facts.month);
  const table = new PagedTable(`${t('reports.register.title')}: ${classLabel(facts.cls)}, ${monthName}`, facts.language, t, {
    churchName: facts.churchName,
    title: t('reports.register.title'),
    lines: [`${t('reports.class')}: ${classLabel(facts.cls)}    ${t('reports.register.teacher')}: ${facts.teacher ?? t('reports.register.noTeacher')}`
      + `    ${t('reports.month')}: ${monthName}`],
  }, columns);

  const P = t('reports.presentShort');
  const A = t('reports.absentShort');
  function* steps() {
    for (const child of facts.children) {
      const cells = facts.dates.map((date) => {
        const status = child.marks.get(date);
        return status === 'present' ? P : status === 'absent' ? A : '';
      });
      table.row([String(child.roll ?? ''), child.name, ...cells, String(child.present), String(child.absent), percent(child.percentage)]);
      yield;
    }
    if (dateColumns === 0) {
      table.note(t('reports.register.noMarks', { month: monthName }));
    } else {
      // The foot counts the rows above it, so each column adds up on the page.
      const count = (date: string, status: string) => facts.children.filter((c) => c.marks.get(date) === status).length;
      const present = facts.children.reduce((sum, c) => sum + c.present, 0);
      const absent = facts.children.reduce((sum, c) => sum + c.absent, 0);
      const all = present + absent;
      table.row(['', t('reports.present'), ...facts.dates.map((d) => String(count(d, 'present'))), String(present), '', ''], { weight: 'bold', shade: true });
      table.row(['', t('reports.absent'), ...facts.dates.map((d) => String(count(d, 'absent'))), '', String(absent),
        all ? (Math.round((1000 * present) / all) / 10).toFixed(1) : '–'], { weight: 'bold', shade: true });
    }
    table.signatures([t('reports.register.teacherSignature'), t('reports.register.principalSignature')]);
  }
  return { doc: table.doc, steps: steps() };
}

/** A year's table: a first column or two, then a percentage per month and one for the year. */
function yearTable(
  t: Translate, language: Locale, heading: Heading, lead: Column[], months: string[],
): PagedTable {
  const leadWidth = lead.reduce((sum, c) => sum + c.width, 0);
  const width = Math.min(44, (usableWidth - leadWidth) / (months.length + 1));
  return new PagedTable(heading.title, language, t, heading, [
    ...lead,
    ...months.map((month): Column => ({ label: monthShort(language, month), width, align: 'right' })),
    { label: t('reports.register.yearColumn'), width, align: 'right', weight: 'bold' },
  ]);
}

export interface ClassYearFacts {
  language: Locale;
  churchName: string;
  academicYear: string;
  cls: { className: string; section: string };
  teacher: string | undefined;
  /** YYYY-MM, the year's twelve months in order. */
  months: string[];
  children: Array<{ roll: number | null; name: string; percentages: Map<string, number | null> }>;
  anyMarks: boolean;
}

/** A class's year: each child's percentage present per month and over the year. */
export function classYearPdf(facts: ClassYearFacts): Drawing {
  const t = translatorFor(facts.language);
  const title = t('reports.register.classYearTitle');
  const table = yearTable(t, facts.language, {
    churchName: facts.churchName, title,
    lines: [`${t('reports.class')}: ${classLabel(facts.cls)}    ${t('reports.register.teacher')}: ${facts.teacher ?? t('reports.register.noTeacher')}`
      + `    ${t('reports.academicYear')}: ${facts.academicYear}`, t('reports.register.percentNote')],
  }, [{ label: t('reports.rollNo'), width: 48, align: 'right' }, { label: t('reports.student'), width: 176 }], facts.months);
  function* steps() {
    for (const child of facts.children) {
      table.row([String(child.roll ?? ''), child.name, ...[...facts.months, '*'].map((m) => percent(child.percentages.get(m) ?? null))]);
      yield;
    }
    if (!facts.anyMarks) table.note(t('reports.register.noYearMarks', { year: facts.academicYear }));
  }
  return { doc: table.doc, steps: steps() };
}

export interface ChurchYearFacts {
  language: Locale;
  churchName: string;
  academicYear: string;
  months: string[];
  classes: Array<{ className: string; section: string; teacherName: string | null; percentages: Map<string, number | null> }>;
  anyMarks: boolean;
}

/** The church's year: each class's percentage present per month and over the year. */
export function churchYearPdf(facts: ChurchYearFacts): Drawing {
  const t = translatorFor(facts.language);
  const title = t('reports.register.churchYearTitle');
  const table = yearTable(t, facts.language, {
    churchName: facts.churchName, title,
    lines: [`${t('reports.academicYear')}: ${facts.academicYear}`, t('reports.register.percentNote')],
  }, [{ label: t('reports.class'), width: 90 }, { label: t('reports.register.teacher'), width: 134 }], facts.months);
  function* steps() {
    for (const cls of facts.classes) {
      table.row([classLabel(cls), cls.teacherName ?? '', ...[...facts.months, '*'].map((m) => percent(cls.percentages.get(m) ?? null))]);
      yield;
    }
    if (facts.classes.length === 0) table.note(t('reports.register.noClasses', { year: facts.academicYear }));
    else if (!facts.anyMarks) table.note(t('reports.register.noYearMarks', { year: facts.academicYear }));
  }
  return { doc: table.doc, steps: steps() };
}
