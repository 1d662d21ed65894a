import type { SummarySection, SummaryValue } from '../../core/child-data.js';
import { INTL_LOCALE, type Locale } from '../../../common/i18n/locales.js';
import { translatorFor, type Translate } from '../../core/i18n.js';
import { artifact, begin, bufferOf, end, newDocument, widthOf, write, type Doc } from '../../core/pdf/text.js';

export interface FamilySummaryFacts {
  language: Locale;
  churchName: string;
  childName: string;
  timeZone: string;
  madeAt: Date;
  sections: readonly SummarySection[];
}

const TEXT = 9;
const CELL_GAP = 8;

/** A value of a section in the summary's language: days, months and moments by the language's
 * calendar words (moments in the church's time zone), numbers by its digits. */
function textOf(value: SummaryValue, t: Translate, language: Locale, timeZone: string): string {
  const locale = INTL_LOCALE[language];
  if (typeof value === 'string') return value;
  if ('message' in value) return t(value.message, value.values);
  if ('day' in value) return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${value.day}T00:00:00Z`));
  if ('month' in value) return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${value.month}-01T00:00:00Z`));
  if ('moment' in value) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(value.moment);
  return new Intl.NumberFormat(locale).format(value.number);
}

/** Keeps what follows on this page when there is room for `points` more, else starts a new one. */
function room(doc: Doc, points: number) {
  if (doc.y > doc.page.height - doc.page.margins.bottom - points) doc.addPage();
}

/** The longest a column's text gets before it wraps, in points. */
const WIDEST_CELL = 220;

/**
 * Column widths: each at least its longest word (heading or cell: a word is never cut, which would
 * cut a Malayalam cluster), and what is left shared in proportion to the columns' longest texts, so a
 * name or a note gets room and a number column little.
 */
function widthsOf(doc: Doc, columns: string[], rows: string[][], width: number): number[] {
  const cellsOf = (i: number) => [{ text: columns[i], weight: 'bold' as const }, ...rows.map((row) => ({ text: row[i] ?? '', weight: 'regular' as const }))];
  const least = columns.map((_, i) => Math.max(...cellsOf(i).flatMap(({ text, weight }) => text.split(/\s+/).map((word) => widthOf(doc, word, TEXT, weight))))
    + CELL_GAP);
  const natural = columns.map((_, i) => Math.min(WIDEST_CELL, Math.max(...cellsOf(i).map(({ text, weight }) => widthOf(doc, text, TEXT, weight)))) + CELL_GAP);
  const spare = width - least.reduce((a, b) => a + b, 0);
  if (spare <= 0) return least.map((w) => (w / (width - spare)) * width);
  const wanted = natural.map((n, i) => Math.max(0, n - least[i]));
  const sumWanted = wanted.reduce((a, b) => a + b, 0);
  // Room beyond what the texts want goes to every column alike.
  if (sumWanted <= spare) return least.map((w, i) => w + wanted[i] + (spare - sumWanted) / columns.length);
  return least.map((w, i) => w + (wanted[i] / sumWanted) * spare);
}

/** A table: its column headings, then its rows, each cell wrapped in its column; a row never split
 * over two pages. */
function table(doc: Doc, columns: string[], rows: string[][]) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const widths = widthsOf(doc, columns, rows, width);
  const row = (cells: string[], heading: boolean) => {
    room(doc, heading ? 60 : 30);
    const y = doc.y;
    let bottom = y;
    begin(doc, 'TR');
    let x = left;
    cells.forEach((cell, i) => {
      write(doc, cell, { x, y, width: widths[i] - CELL_GAP, size: TEXT, weight: heading ? 'bold' : 'regular', role: heading ? 'TH' : 'TD' });
      bottom = Math.max(bottom, doc.y);
      x += widths[i];
    });
    end(doc);
    if (heading) artifact(doc, () => doc.save().lineWidth(0.5).moveTo(left, bottom + 1).lineTo(left + width, bottom + 1).stroke().restore());
    doc.x = left;
    doc.y = bottom + 3;
  };
  begin(doc, 'Table');
  row(columns, true);
  for (const cells of rows) row(cells, false);
  end(doc);
}

/**
 * family-summary.pdf of a family's export: what the church keeps about the child, in words a parent
 * reads and in the family's language: a title, when it was made, then each section the parts of the
 * child's data gave (server/child-data.ts order: the child, guardians, consents, attendance by
 * month, photos, follow-up calls...). Names, notes and titles are as written, in any script; every
 * fixed text is from the catalogue. Tagged like the other PDFs: headings, paragraphs, tables.
 */
export function familySummaryPdf(facts: FamilySummaryFacts): Promise<Buffer> {
  const t = translatorFor(facts.language);
  const text = (value: SummaryValue) => textOf(value, t, facts.language, facts.timeZone);
  const title = t('privacy.family.title', { child: facts.childName });
  const doc = newDocument({ title, language: INTL_LOCALE[facts.language] });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  write(doc, facts.churchName, { size: 11, weight: 'bold' });
  write(doc, title, { size: 16, weight: 'bold', role: 'H1', width });
  write(doc, t('privacy.family.madeOn', { date: text({ moment: facts.madeAt }) }), { size: TEXT });
  doc.moveDown(0.3);
  write(doc, t('privacy.family.intro'), { size: TEXT, width });

  for (const section of facts.sections) {
    doc.moveDown(0.8);
    room(doc, 80);
    write(doc, t(section.heading), { size: 12, weight: 'bold', role: 'H2', width });
    doc.moveDown(0.2);
    for (const [label, value] of section.fields ?? []) {
      write(doc, `${t(label)}: ${text(value)}`, { size: TEXT + 0.5, width });
    }
    const rows = section.table?.rows ?? [];
    if (section.table && rows.length > 0) {
      if (section.fields?.length) doc.moveDown(0.4);
      table(doc, section.table.columns.map((id) => t(id)), rows.map((cells) => cells.map(text)));
    } else if (section.empty && !section.fields?.length) {
      write(doc, t(section.empty), { size: TEXT + 0.5, width });
    }
    for (const note of section.notes ?? []) write(doc, text(note), { size: TEXT, width });
  }
  return bufferOf(doc);
}
