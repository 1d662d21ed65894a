import type { ReportFile } from '../../lib/download-file';

const month2 = (month: number) => String(month).padStart(2, '0');
const classPath = (classId: string) => `/api/attendance/class/${encodeURIComponent(classId)}`;
const monthQuery = (year: number, month: number) => new URLSearchParams({ year: String(year), month: String(month) });

/** The monthly summary as a spreadsheet file, its column headings in the user's language or in English. */
export const monthlyCsv = ({ classId, year, month }: { classId: string; year: number; month: number }, englishHeadings = false): ReportFile => {
  const query = monthQuery(year, month);
  if (englishHeadings) query.set('headings', 'english');
  return { path: `${classPath(classId)}/monthly.csv?${query}`, accept: 'text/csv', fallbackName: `attendance-${year}-${month2(month)}.csv` };
};

/** The printable monthly register of the class. */
export const monthlyRegister = ({ classId, year, month }: { classId: string; year: number; month: number }): ReportFile => ({
  path: `${classPath(classId)}/register.pdf?${monthQuery(year, month)}`, accept: 'application/pdf', fallbackName: `register-${year}-${month2(month)}.pdf`,
});

/** The class's yearly summary (its own academic year). */
export const classYearSummary = (classId: string): ReportFile => ({
  path: `${classPath(classId)}/year-summary.pdf`, accept: 'application/pdf', fallbackName: 'attendance-year.pdf',
});

/** The Sunday School's yearly summary, every class of the academic year. */
export const churchYearSummary = (academicYear: string): ReportFile => ({
  path: `/api/attendance/year-summary.pdf?${new URLSearchParams({ academic_year: academicYear })}`, accept: 'application/pdf',
  fallbackName: `attendance-year-${academicYear}.pdf`,
});
