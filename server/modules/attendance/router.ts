import { classDateInput, classMonthInput, markAttendanceInput } from '../../../common/schemas/attendance.js';
import { roleProcedure, router } from '../../trpc/init.js';
import {
  attendanceCalendar, attendanceForDate, markAttendance, monthlySummary, monthlySummaryCsv,
} from './service.js';

/** Teachers act on their own classes, principals and super admins on every class (01 section 6);
 * the class rule is findAccessibleClass, applied in each handler. */
const staffProcedure = roleProcedure('super_admin', 'principal', 'teacher');

export const attendanceRouter = router({
  mark: staffProcedure.input(markAttendanceInput).mutation(({ ctx, input }) => markAttendance(ctx, input)),
  byDate: staffProcedure.input(classDateInput).query(({ ctx, input }) => attendanceForDate(ctx, input)),
  monthly: staffProcedure.input(classMonthInput).query(({ ctx, input }) => monthlySummary(ctx, input)),
  calendar: staffProcedure.input(classMonthInput).query(({ ctx, input }) => attendanceCalendar(ctx, input)),
  monthlyCsv: staffProcedure.input(classMonthInput).query(({ ctx, input }) => monthlySummaryCsv(ctx, input)),
});
