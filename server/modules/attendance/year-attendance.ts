import type { ChurchScope } from '../../core/scopes.js';
import { academicYearSettings } from '../academic-year/index.js';
import { monthlySummaryRows } from './queries.js';

/** A child's attendance over a year: days present of days marked, and the share present (one decimal; null: none marked). */
interface YearAttendance { present: number; total: number; percentage: number | null }

/**
 * Each child's attendance in a class over its academic year (the months the church's academic-year
 * setting gives it), counted as the monthly summary and the yearly summary count them: the class's
 * marks of the children enrolled in it. By student id; a child of the class with no mark has zeros.
 */
export async function classYearAttendance(scope: ChurchScope & { church: { time_zone: string } }, cls: { id: string; academicYear: string }): Promise<Map<string, YearAttendance>> {
  const { start_month: startMonth } = await academicYearSettings(scope);
  const startYear = Number(cls.academicYear.slice(0, 4));
  const month = String(startMonth).padStart(2, '0');
  const rows = await monthlySummaryRows(scope.tx, scope.church.id, cls.id, `${startYear}-${month}-01`, `${startYear + 1}-${month}-01`);
  return new Map(rows.map((row) => [row.student_id, { present: row.present_days, total: row.total_days, percentage: row.percentage }]));
}
