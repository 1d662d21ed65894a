import { INTL_LOCALE, type Locale } from '../../../common/i18n/locales.js';
import type { Division, ResultState } from '../../../common/exams.js';
import { translatorFor, type Translate } from '../../core/i18n.js';
import { artifact, begin, end, newDocument, widthOf, write, writeLine, type Doc, type Drawing, type Weight } from '../../core/pdf/text.js';
import { classText, markText, percentText, rankText, resultText } from './print-texts.js';

/**
 * Report cards, A4 portrait, one page per child (a class's in one document): the church, the year,
 * the child; each exam of the year with its papers' marks, total, percentage, result and rank in
 * class, and the teacher's remark; the year's final result by the exams' weights; the year's
 * attendance; signature lines for the class teacher and the headmaster at the foot. Each page is in
 * its child's family's language (the first guardian's who has one, else the church's), shaped and
 * tagged like every document here (core/pdf/text.ts); names as written.
 */

const MARGIN = 42;
const ROW = 16;
const TEXT = 10;

interface ExamCard {
  name: string;
  published: boolean;
  papers: Array<{ name: string; max_marks: number; mark: number | 'AB' | null }>;
  max_total: number;
  result: { state: ResultState; total: number; percentage: number | null; division: Division | null; rank: number | null } | null;
  remark: string | null;
}

export interface ReportCard {
  language: Locale;
  name: string;
  roll_number: number;
  exams: ExamCard[];
  final: { state: ResultState; percentage: number | null; division: Division | null; rank: number | null } | null;
  attendance: { present: number; total: number; percentage: number | null };
}

export interface ReportCardFacts {
  /** The document's language (its metadata and title): the first card's, or the reader's when none. */
  language: Locale;
  churchName: string;
  academicYear: string;
  cls: { class_name: string; section: string };
  /** Each weighed exam's name and share of the year's result. */
  weights: Array<{ name: string; weight: number }>;
  cards: ReportCard[];
}

/** A line of label and value pairs, each label in bold. */
function pairs(doc: Doc, items: Array<[string, string]>, y: number, size = TEXT) {
  let x = MARGIN;
  for (const [label, value] of items) {
    const text = `${label}: ${value}`;
    writeLine(doc, text, { x, y, width: 400, size, weight: 'regular' });
    x += Math.max(140, widthOf(doc, text, size) + 28);
  }
}

/** One exam's table: paper, maximum, marks; the total row in bold. Tagged as a table; its rules are artifacts. */
function examTable(doc: Doc, t: Translate, exam: ExamCard, top: number): number {
  const columns = [{ width: 260, align: 'left' as const }, { width: 90, align: 'right' as const }, { width: 90, align: 'right' as const }];
  const width = columns.reduce((s, c) => s + c.width, 0);
  let y = top;
  const row = (cells: string[], weight: Weight, shade: boolean) => {
    begin(doc, 'TR');
    if (shade) artifact(doc, () => doc.save().rect(MARGIN, y, width, ROW).fill('#eeeeee').restore());
    let x = MARGIN;
    columns.forEach((c, i) => {
      doc.save().rect(x, y, c.width, ROW).clip();
      writeLine(doc, cells[i], { x: x + 4, y: y + 3, width: c.width - 8, size: TEXT - 0.5, align: c.align, weight, role: shade && y === top ? 'TH' : 'TD' });
      doc.restore();
      x += c.width;
    });
    artifact(doc, () => {
      doc.save().lineWidth(0.4);
      let left = MARGIN;
      for (const c of columns) { doc.rect(left, y, c.width, ROW); left += c.width; }
      doc.stroke('#666666').restore();
    });
    end(doc);
    y += ROW;
  };
  begin(doc, 'Table');
  row([t('examprint.paper'), t('examprint.maxMarks'), t('examprint.marks')], 'bold', true);
  for (const paper of exam.papers) row([paper.name, String(paper.max_marks), markText(t, paper.mark)], 'regular', false);
  row([t('examprint.total'), String(exam.max_total), exam.result ? String(exam.result.total) : ''], 'bold', true);
  end(doc);
  return y;
}

/** The percentage, result and rank of a result, on one line. */
function resultLine(t: Translate, result: { state: ResultState; percentage: number | null; division: Division | null; rank: number | null } | null): Array<[string, string]> {
  const r = result ?? { state: 'pending' as const, percentage: null, division: null, rank: null };
  return [
    [t('examprint.percentage'), r.percentage === null ? '–' : `${percentText(r.percentage)}%`],
    [t('examprint.result'), resultText(t, r)],
    [t('examprint.rankInClass'), rankText(r.rank)],
  ];
}

function drawCard(doc: Doc, facts: ReportCardFacts, card: ReportCard) {
  const t = translatorFor(card.language);
  const pageWidth = doc.page.width - 2 * MARGIN;
  const line = (text: string, size: number, weight: Weight, role: 'H1' | 'H2' | 'P', gap = 1.5) => {
    const y = doc.y;
    write(doc, text, { x: MARGIN, y, size, weight, role, width: pageWidth });
    doc.x = MARGIN;
    doc.y = Math.max(doc.y, y + size * gap);
  };
  doc.x = MARGIN;
  doc.y = MARGIN;
  line(facts.churchName, 12, 'bold', 'P');
  line(t('examprint.reportCard.title'), 17, 'bold', 'H1');
  line(`${t('examprint.name')}: ${card.name}`, 12, 'bold', 'P');
  line(`${t('reports.class')}: ${classText(t, facts.cls)}    ${t('reports.rollNo')}: ${card.roll_number}    ${t('reports.academicYear')}: ${facts.academicYear}`, TEXT, 'regular', 'P', 2);
  if (card.exams.length === 0) line(t('examprint.noExams'), TEXT, 'regular', 'P');
  for (const exam of card.exams) {
    line(exam.name, 12, 'bold', 'H2', 1.6);
    doc.y = examTable(doc, t, exam, doc.y) + 5;
    const y = doc.y;
    pairs(doc, resultLine(t, exam.result), y);
    doc.y = y + TEXT * 1.6;
    if (exam.remark) line(`${t('examprint.remark')}: ${exam.remark}`, TEXT, 'regular', 'P');
    if (!exam.published) line(t('examprint.provisional'), 8.5, 'regular', 'P');
    doc.y += 6;
  }
  if (facts.weights.length) {
    line(t('examprint.finalResult'), 12, 'bold', 'H2', 1.6);
    const y = doc.y;
    pairs(doc, resultLine(t, card.final), y);
    doc.y = y + TEXT * 1.6;
    line(t('examprint.weights', { weights: facts.weights.map((w) => `${w.name} ${w.weight}%`).join(', ') }), 8.5, 'regular', 'P');
    doc.y += 6;
  }
  const { present, total, percentage } = card.attendance;
  line(`${t('examprint.attendance')}: ${total ? t('examprint.attendanceDays', { present, total, percentage: percentText(percentage) }) : t('examprint.noAttendance')}`, TEXT, 'regular', 'P');
  // The signature lines at the foot of the page, the class teacher's at the left, the headmaster's at the right.
  const y = doc.page.height - MARGIN - 40;
  const width = 180;
  [t('examprint.classTeacherSignature'), t('examprint.headmasterSignature')].forEach((label, i) => {
    const x = i === 0 ? MARGIN : doc.page.width - MARGIN - width;
    artifact(doc, () => doc.save().lineWidth(0.6).moveTo(x, y).lineTo(x + width, y).stroke().restore());
    writeLine(doc, label, { x, y: y + 4, width, size: 9, align: i === 0 ? 'left' : 'right' });
  });
}

/** The report cards, a page each, drawn one child at a time while the document is sent. */
export function reportCardsPdf(facts: ReportCardFacts): Drawing {
  const reader = translatorFor(facts.language);
  const doc = newDocument({
    title: `${reader('examprint.reportCard.title')}: ${facts.cards.length === 1 ? facts.cards[0].name : classText(reader, facts.cls)}, ${facts.academicYear}`,
    language: INTL_LOCALE[facts.language], margin: MARGIN,
  });
  function* steps() {
    for (const [i, card] of facts.cards.entries()) {
      if (i > 0) doc.addPage();
      drawCard(doc, facts, card);
      yield;
    }
    if (facts.cards.length === 0) write(doc, reader('examprint.noChildren'), { x: MARGIN, y: MARGIN, size: TEXT });
  }
  return { doc, steps: steps() };
}
