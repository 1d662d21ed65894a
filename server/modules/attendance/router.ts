import {
  churchYearInput, classDateInput, classMonthInput, classRefInput, markAttendanceInput, monthlyCsvInput, syncAttendanceInput,
} from '../../../common/schemas/attendance.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import {
  attendanceCalendar, attendanceForDate, markAttendance, monthlySummary, monthlySummaryCsv,
} from './service.js';
import { churchYearSummary, classYearSummary, monthlyRegister } from './register.js';
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
    .meta(rest('GET', '/api/attendance/class/{classId}/date/{date}', 'Stored attendance records [{ student_id, status, marked_at, marked_by_name }] of a class on a date (empty when none): '
      + 'marked_at is when the mark was written (ISO 8601, UTC), marked_by_name who wrote it (null once that user is deleted)'))
    .input(classDateInput).query(({ ctx, input }) => attendanceForDate(ctx, input)),
  monthly: reportReaders
    .meta(rest('GET', '/api/attendance/class/{classId}/monthly', 'Monthly summary (query year, month): per student roll_number, present_days, absent_days, '
      + 'total_days, percentage; empty when the month has no attendance'))
    .input(classMonthInput).query(({ ctx, input }) => monthlySummary(ctx, input)),
  calendar: reportReaders
    .meta(rest('GET', '/api/attendance/class/{classId}/calendar', 'Calendar view (query year, month): per date with attendance present_count, absent_count, total_students'))
    .input(classMonthInput).query(({ ctx, input }) => attendanceCalendar(ctx, input)),
  monthlyCsv: reportReaders
    .meta(rest('GET', '/api/attendance/class/{classId}/monthly.csv', 'The monthly summary (query year, month) as a text/csv download, '
      + 'its column headings in the reader\'s language, or in English with headings=english (headings=language is the default); errors are JSON',
    { file: { contentType: 'text/csv; charset=utf-8', description: 'A file download (CSV)' } }))
    .input(monthlyCsvInput).query(({ ctx, input }) => monthlySummaryCsv(ctx, input)),
  register: reportReaders
    .meta(rest('GET', '/api/attendance/class/{classId}/register.pdf', 'The printable monthly register of a class (query year, month; A4 '
      + 'landscape PDF): church, class, teacher, month and the legend on every page, a row per child (roll number, name), a column '
      + 'for every class day of the month (the church\'s class_days; blank without a roll call) and any other day with one, cells the '
      + 'language\'s letter for present or absent (P or A in English), each child\'s present, absent and percentage (the monthly '
      + 'summary\'s figures), the class\'s total present per day on its own row, then absent per day, the roll calls taken, '
      + 'signature lines for the teacher and the principal; a month without marks lists the children and says so. In the reader\'s '
      + 'language. Staff who may read the class\'s reports (a teacher: their own classes)',
    { file: { contentType: 'application/pdf', description: 'A PDF download' } }))
    .input(classMonthInput).query(({ ctx, input }) => monthlyRegister(ctx, input)),
  classYear: reportReaders
    .meta(rest('GET', '/api/attendance/class/{classId}/year-summary.pdf', 'The yearly attendance summary of a class (A4 landscape PDF): '
      + 'each child\'s percentage present in each month of the class\'s academic year and over the year, as the monthly summaries '
      + 'count them. Staff who may read the class\'s reports (a teacher: their own classes)',
    { file: { contentType: 'application/pdf', description: 'A PDF download' } }))
    .input(classRefInput).query(({ ctx, input }) => classYearSummary(ctx, input)),
  churchYear: capabilityProcedure('viewChurchSummary')
    .meta(rest('GET', '/api/attendance/year-summary.pdf', 'The yearly attendance summary of the Sunday School (query academic_year; '
      + 'A4 landscape PDF, streamed): each class of the year with its percentage present in each month and over the year, as the '
      + 'monthly summaries count them, and the Sunday School\'s on its own row; then the year\'s return per class and for the '
      + 'Sunday School: children on roll, roll calls held, average attendance in children per roll call and in percent (super_admin, principal)',
    { file: { contentType: 'application/pdf', description: 'A PDF download' } }))
    .input(churchYearInput).query(({ ctx, input }) => churchYearSummary(ctx, input)),
});
