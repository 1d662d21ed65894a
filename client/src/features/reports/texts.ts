/** The texts of the Attendance Reports screen. */
export const REPORT_TEXTS = {
  title: 'Attendance Reports',
  monthlyTab: 'Monthly Summary',
  calendarTab: 'Calendar View',
  loadYearsFailed: 'Failed to load academic years',
  loadClassesFailed: 'Failed to load classes',
  loadReportFailed: 'Failed to load the attendance report',
  downloadFailed: 'Failed to download the CSV file',
  noClasses: 'No classes found',
  chooseSelection: 'Choose an academic year, then a class, then a month to see the report.',
  noData: (month: string) => `No attendance data found for ${month}.`,
} as const;

/** A percentage's colour: 75 or more green, 50 or more yellow, below 50 red. */
export const percentageColor = (percentage: number) => (percentage >= 75 ? 'green' : percentage >= 50 ? 'yellow' : 'red');

/** One decimal. */
export const formatPercentage = (percentage: number) => `${percentage.toFixed(1)}%`;
