import { INTL_LOCALE, type Locale } from '../../../common/i18n/locales.js';
import type { Division, ResultScheme, ResultState } from '../../../common/exams.js';
import { translatorFor } from '../../core/i18n.js';
import { PagedTable, usableWidth, widthFor, type Column } from '../../core/pdf/paged-table.js';
import type { Drawing } from '../../core/pdf/text.js';
import { classText, markText, percentText, rankText, resultText, schemeText } from './print-texts.js';

/**
 * A class's result sheet in an exam, A4 landscape: the mark list of the paper register. A row per
 * child in roll-number order (roll number, name, each paper's marks, total, percentage, result,
 * rank), the heading (church, title, exam, class, year) and the column headings on every page; under
 * the table the result scheme, "provisional" while the exam is not published, and signature lines.
 * In the reader's language; names as written, in any script.
 */

export interface ResultSheetFacts {
  language: Locale;
  churchName: string;
  exam: { name: string; academic_year: string; published: boolean };
  cls: { class_name: string; section: string };
  scheme: ResultScheme;
  papers: Array<{ name: string; max_marks: number }>;
  rows: Array<{
    roll_number: number; name: string; marks: Array<number | 'AB' | null>; total: number; max_total: number;
    state: ResultState; percentage: number | null; division: Division | null; rank: number | null;
  }>;
}

export function resultSheetPdf(facts: ResultSheetFacts): Drawing {
  const t = translatorFor(facts.language);
  const title = t('examprint.resultSheet.title');
  const cls = classText(t, facts.cls);
  const maxTotal = facts.papers.reduce((sum, p) => sum + p.max_marks, 0);
  const table = new PagedTable(`${title}: ${facts.exam.name}, ${cls}`, INTL_LOCALE[facts.language], t, {
    churchName: facts.churchName,
    title,
    lines: [`${t('examprint.exam')}: ${facts.exam.name}    ${t('reports.class')}: ${cls}    ${t('reports.academicYear')}: ${facts.exam.academic_year}`],
  }, (doc) => {
    // The fixed columns as wide as their headings need; the papers share what the name leaves.
    const roll = widthFor(doc, t('reports.rollNo'), 30, 64);
    const total = widthFor(doc, t('examprint.totalOf', { max: maxTotal }), 44, 80);
    const pct = widthFor(doc, t('reports.percentageShort'), 36, 48);
    const result = Math.max(80, widthFor(doc, t('examprint.division.second_class'), 60, 110));
    const rank = widthFor(doc, t('examprint.rank'), 34, 60);
    const fixed = roll + total + pct + result + rank;
    const paperWidth = facts.papers.length ? Math.min(90, (usableWidth - fixed - 160) / facts.papers.length) : 0;
    const nameWidth = Math.min(260, usableWidth - fixed - paperWidth * facts.papers.length);
    return [
      { label: t('reports.rollNo'), width: roll, align: 'right' },
      { label: t('reports.student'), width: nameWidth },
      ...facts.papers.map((p): Column => ({ label: `${p.name} (${p.max_marks})`, width: paperWidth, align: 'right' })),
      { label: t('examprint.totalOf', { max: maxTotal }), width: total, align: 'right', weight: 'bold' },
      { label: t('reports.percentageShort'), width: pct, align: 'right' },
      { label: t('examprint.result'), width: result },
      { label: t('examprint.rank'), width: rank, align: 'right', weight: 'bold' },
    ];
  });
  function* steps() {
    for (const row of facts.rows) {
      table.row([String(row.roll_number), row.name, ...row.marks.map((m) => markText(t, m)), String(row.total),
        percentText(row.percentage), resultText(t, row), rankText(row.rank)]);
      yield;
    }
    if (facts.papers.length === 0) table.note(t('examprint.noPapers'));
    else if (facts.rows.length === 0) table.note(t('examprint.noChildren'));
    table.note(schemeText(t, facts.scheme));
    if (!facts.exam.published) table.note(t('examprint.provisional'));
    table.signatures([t('examprint.classTeacherSignature'), t('examprint.headmasterSignature')]);
  }
  return { doc: table.doc, steps: steps() };
}
