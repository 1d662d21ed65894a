import type { RouterOutputs } from '../../lib/trpc';

type Trend = RouterOutputs['association']['trend'];
type TrendRow = Trend['association'][number];

/** Whose trend is drawn: the association's, a section's ('none' for the churches in no section) or a church's. */
export type Subject = { level: 'association' } | { level: 'section'; id: string | null } | { level: 'church'; id: string };

export const subjectKey = (subject: Subject) => (subject.level === 'association' ? 'association' : `${subject.level}:${subject.id ?? 'none'}`);

export function subjectOfKey(key: string): Subject {
  const [level, id] = key.split(':');
  if (level === 'section') return { level, id: id === 'none' ? null : id };
  if (level === 'church' && id) return { level, id };
  return { level: 'association' };
}

/** A month of the trend: its percentage, or why it has none. */
export type TrendPoint =
  | { month: string; state: 'shown'; percentage: number; leftOut: number }
  | { month: string; state: 'withheld' | 'none' };

/** The subject's rows of the trend, by month. */
export function rowsOf(trend: Trend, subject: Subject): TrendRow[] {
  if (subject.level === 'association') return trend.association;
  if (subject.level === 'section') return trend.sections.filter((r) => r.section_id === subject.id);
  return trend.churches.filter((r) => r.church_id === subject.id);
}

/**
 * Each month as the trend shows it: a month without a row has no marks; a month whose percentage
 * is null with the flag (or with every church left out of a total) is withheld: about fewer than 5
 * children.
 */
export function pointsOf(rows: TrendRow[], months: string[]): TrendPoint[] {
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return months.map((month) => {
    const row = byMonth.get(month);
    if (!row) return { month, state: 'none' };
    if (row.attendance_percentage !== null) return { month, state: 'shown', percentage: row.attendance_percentage, leftOut: row.churches_left_out };
    return { month, state: row.fewer_than_five || row.churches_left_out > 0 ? 'withheld' : 'none' };
  });
}
