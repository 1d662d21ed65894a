import { classDateInput, classMonthInput, markAttendanceInput } from '../../../common/schemas/attendance.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import {
  attendanceCalendar, attendanceForDate, markAttendance, monthlySummary, monthlySummaryCsv,
} from './service.js';

/** Teachers act on their own classes, principals and super admins on every class;
 * the class rule is findAccessibleClass, applied in each handler. */
const markers = capabilityProcedure('markAttendance');
const reportReaders = capabilityProcedure('viewReports');

export const attendanceRouter = router({
  mark: markers
    .meta(rest('POST', '/api/attendance/mark', 'Mark a class for a date (today back to 14 days ago): every student of the class is saved, '
      + 'absent unless chosen present; marking again updates. Answers marked, present, absent, date'))
    .input(markAttendanceInput).mutation(({ ctx, input }) => markAttendance(ctx, input)),
  byDate: markers
    .meta(rest('GET', '/api/attendance/class/{classId}/date/{date}', 'Stored attendance records [{ student_id, status }] of a class on a date (empty when none)'))
    .input(classDateInput).query(({ ctx, input }) => attendanceForDate(ctx, input)),
  monthly: reportReaders
    .meta(rest('GET', '/api/attendance/class/{classId}/monthly', 'Monthly summary (query year, month): per student roll_number, present_days, absent_days, '
      + 'total_days, percentage; empty when the month has no attendance'))
    .input(classMonthInput).query(({ ctx, input }) => monthlySummary(ctx, input)),
  calendar: reportReaders
    .meta(rest('GET', '/api/attendance/class/{classId}/calendar', 'Calendar view (query year, month): per date with attendance present_count, absent_count, total_students'))
    .input(classMonthInput).query(({ ctx, input }) => attendanceCalendar(ctx, input)),
  monthlyCsv: reportReaders
    .meta(rest('GET', '/api/attendance/class/{classId}/monthly.csv', 'The monthly summary (query year, month) as a text/csv download; errors are JSON',
      { file: { contentType: 'text/csv; charset=utf-8', description: 'A file download (CSV)' } }))
    .input(classMonthInput).query(({ ctx, input }) => monthlySummaryCsv(ctx, input)),
});
