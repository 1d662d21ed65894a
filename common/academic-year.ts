/** Academic years are shown as start-end, e.g. 2024-2025. */

export interface AcademicYearConfig {
  start_month: number;
  years_ahead: number;
  years_back: number;
}

/** A new church gets start month 6 (June), 3 years ahead, 2 back. Served by the
 * server for any church without a stored row; the client has no default of its own. */
export const DEFAULT_ACADEMIC_YEAR_CONFIG: AcademicYearConfig = { start_month: 6, years_ahead: 3, years_back: 2 };

const formatAcademicYear = (startYear: number) => `${startYear}-${startYear + 1}`;

/** The academic year containing a calendar date: before the start month it is the previous one. */
export function academicYearOf(date: string, startMonth: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return formatAcademicYear(month >= startMonth ? year : year - 1);
}

/** Choices offered: years_back before the current one, then the current, then years_ahead after. */
export function academicYearChoices(current: string, config: AcademicYearConfig): string[] {
  const start = Number(current.slice(0, 4));
  const out: string[] = [];
  for (let y = start - config.years_back; y <= start + config.years_ahead; y++) out.push(formatAcademicYear(y));
  return out;
}
