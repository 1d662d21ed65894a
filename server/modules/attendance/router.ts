import { classDateInput, classMonthInput, markAttendanceInput, syncAttendanceInput } from '../../../common/schemas/attendance.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import {
  attendanceCalendar, attendanceForDate, markAttendance, monthlySummary, monthlySummaryCsv,
} from './service.js';
import { syncAttendance } from './sync.js';

/** Teachers act on their own classes, principals and super admins on every class;
 * the class rule is findAccessibleClass, applied in each handler. */
const markers = capabilityProcedure('markAttendance');
const reportReaders = capabilityProcedure('viewReports');

export const attendanceRouter = router({
  mark: markers
    .meta(rest('POST', '/api/attendance/mark', 'Mark a class for a date (today back to 14 days ago): every student of the class is saved, '
      + 'absent unless chosen present; marking again updates. Answers marked, present, absent, date'))
    .input(markAttendanceInput).mutation(({ ctx, input }) => markAttendance(ctx, input)),
  sync: markers
    .meta(rest('POST', '/api/attendance/sync', 'Send a batch of marks taken offline (batchId made by the device, 1 to 500 marks '
      + '{ classId, studentId, date, status, tappedAt }). Applied at most once per batchId: the same batch again answers the first '
      + 'answer and writes nothing; a batchId another user sent is a 409 (reason batch_of_another_user). Per student and date the '
      + 'latest tap wins, by tappedAt clamped to the server\'s clock: a stored mark made at or after it stays (counted in kept_newer). '
      + 'A mark outside the 14-day window, of a class the user may not reach or of a student not in the class is refused on its own, '
      + 'the others are applied. Audited. Answers batch_id, applied, kept_newer, refused [{ class_id, student_id, date, status, '
      + 'reason, message }], message'))
    .input(syncAttendanceInput).mutation(({ ctx, input }) => syncAttendance(ctx, input)),
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
