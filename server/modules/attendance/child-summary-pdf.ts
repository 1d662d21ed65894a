import { INTL_LOCALE, type Locale } from '../../../common/i18n/locales.js';
import { translatorFor } from '../../core/i18n.js';
import { begin, bufferOf, end, newDocument, write } from '../../core/pdf/text.js';

export interface MonthSummary { month: string; present: number; absent: number; total: number; percentage: number }

/** Per calendar month (YYYY-MM), oldest first: present, absent, their total and the share present
 * (whole percent). */
export function monthsOf(marks: ReadonlyArray<{ date: string; status: string }>): MonthSummary[] {
  const months = new Map<string, MonthSummary>();
  for (const mark of marks) {
    const month = mark.date.slice(0, 7);
    const row = months.get(month) ?? { month, present: 0, absent: 0, total: 0, percentage: 0 };
    if (mark.status === 'present') row.present += 1;
    else row.absent += 1;
    row.total += 1;
    months.set(month, row);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month))
    .map((row) => ({ ...row, percentage: Math.round((row.present / row.total) * 100) }));
}

/** The attendance summary PDF of the export: the child, then one line per month. */
export function attendanceSummaryPdf(facts: { language: Locale; churchName: string; childName: string; months: MonthSummary[] }): Promise<Buffer> {
  const t = translatorFor(facts.language);
  const doc = newDocument({ title: `${t('privacy.summary.title')}: ${facts.childName}`, language: INTL_LOCALE[facts.language] });
  const monthName = new Intl.DateTimeFormat(INTL_LOCALE[facts.language], { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(INTL_LOCALE[facts.language]);
  write(doc, facts.churchName, { size: 11, weight: 'bold' });
  write(doc, `${t('privacy.summary.title')}: ${facts.childName}`, { size: 16, weight: 'bold', role: 'H1' });
  doc.moveDown(0.8);
  if (facts.months.length === 0) {
    write(doc, t('privacy.summary.none'), { size: 10 });
    return bufferOf(doc);
  }
  const left = doc.page.margins.left;
  const columns = [left, left + 190, left + 265, left + 340, left + 415];
  // A table: a row of column headings, then a row per month.
  const row = (cells: string[], weight: 'regular' | 'bold') => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
    const y = doc.y;
    begin(doc, 'TR');
    cells.forEach((cell, i) => write(doc, cell, { x: columns[i], y, size: 10, weight, lineBreak: false, role: weight === 'bold' ? 'TH' : 'TD' }));
    end(doc);
    doc.x = left;
    doc.y = y + 17;
  };
  begin(doc, 'Table');
  row([t('privacy.summary.month'), t('privacy.summary.present'), t('privacy.summary.absent'), t('privacy.summary.total'), t('privacy.summary.percentage')], 'bold');
  for (const m of facts.months) {
    row([monthName.format(new Date(`${m.month}-01T00:00:00Z`)), number.format(m.present), number.format(m.absent), number.format(m.total),
      `${number.format(m.percentage)}%`], 'regular');
  }
  end(doc);
  return bufferOf(doc);
}
