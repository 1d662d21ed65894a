import type { z } from 'zod';
import type { TenantScope } from '../../core/scopes.js';
import { MESSAGES } from '../../../common/constants.js';
import { monthRange } from '../../../common/attendance.js';
import { toCsv } from '../../../common/csv.js';
import type { classDateInput, classMonthInput, markAttendanceInput, monthlyCsvInput } from '../../../common/schemas/attendance.js';
import { SOURCE_LOCALE } from '../../../common/i18n/locales.js';
import { translatorFor } from '../../core/i18n.js';
import { commitEarly } from '../../db/index.js';
import { badRequest } from '../../core/errors.js';
import type { RestFile } from '../../rest/meta.js';
import { churchToday } from '../../../common/dates.js';
import { classNotFound, findAccessibleClass, seesAllClasses, type ClassRow } from '../classes/index.js';
import { findRollCallClass, substituteOtherDay } from '../substitutes/index.js';
import {
  calendarRows, markClass, monthlySummaryRows, recordsForDate,
} from './queries.js';
import { attendanceDateRefusal } from './date-window.js';


type MarkInput = z.output<typeof markAttendanceInput>;
type ClassDateInput = z.output<typeof classDateInput>;
type ClassMonthInput = z.output<typeof classMonthInput>;

/**
 * POST /api/attendance/mark. Every student now in the class gets a row for the date: the status
 * chosen in attendanceData, or absent when none was chosen. All in the request's one
 * transaction and one statement, so a refused request writes nothing and marking again updates.
 */
export async function markAttendance(ctx: TenantScope, input: MarkInput) {
  const today = churchToday(ctx.church);
  const refusal = attendanceDateRefusal(input.date, today);
  if (refusal) throw badRequest(refusal.message, { reason: refusal.reason });
  const marking = markClass(ctx.tx, {
    churchId: ctx.church.id, classId: input.classId, seesAllClasses: seesAllClasses(ctx.user), userId: ctx.user.id,
    date: input.date, today, chosen: input.attendanceData,
  });
  // The statement writes nothing unless every check below passes, so its COMMIT can travel with it.
  commitEarly(ctx.tx);
  const outcome = await marking;
  if (!outcome.class_found) {
    // A substitute of the class on another day hears so (a 403); anyone else that there is no such class.
    if (outcome.substitute_of_class) throw substituteOtherDay();
    throw classNotFound();
  }
  if (outcome.strangers > 0) {
    throw badRequest(MESSAGES.attendanceStudentNotInClass, { reason: 'student_not_in_class' });
  }
  if (outcome.class_students === 0) throw badRequest(MESSAGES.attendanceNoStudents, { reason: 'no_students' });

  return {
    marked: outcome.marked,
    present: outcome.present,
    absent: outcome.marked - outcome.present,
    date: input.date,
    message: MESSAGES.attendanceMarked,
  };
}

/** GET /api/attendance/class/{classId}/date/{date}: what is stored (empty when nothing is). Reading
 * is allowed for any date; only marking is limited to the 14-day window. A substitute reads their
 * class's sheet of the day they stand in, on that day. */
export async function attendanceForDate(ctx: TenantScope, input: ClassDateInput) {
  const { cls } = await findRollCallClass(ctx, input.classId, input.date);
  return recordsForDate(ctx.tx, ctx.church.id, cls.id, input.date);
}

async function monthlySummaryOf(ctx: TenantScope, input: ClassMonthInput) {
  const cls = await findAccessibleClass(ctx.tx, ctx.church.id, ctx.user, input.classId);
  const { first, next } = monthRange(input.year, input.month);
  const rows = await monthlySummaryRows(ctx.tx, ctx.church.id, cls.id, first, next);
  // A month without any mark for the class is empty (the client shows 'No attendance data found
  // for {month}.'); otherwise every current student has a row, zeros for one with no mark.
  return { cls, rows: rows.some((row) => row.total_days > 0) ? rows : [] };
}

/** GET /api/attendance/class/{classId}/monthly: one row per student, by roll number. */
export async function monthlySummary(ctx: TenantScope, input: ClassMonthInput) {
  return (await monthlySummaryOf(ctx, input)).rows;
}

/** GET /api/attendance/class/{classId}/calendar: one row per date that has marks. */
export async function attendanceCalendar(ctx: TenantScope, input: ClassMonthInput) {
  const cls = await findAccessibleClass(ctx.tx, ctx.church.id, ctx.user, input.classId);
  const { first, next } = monthRange(input.year, input.month);
  return calendarRows(ctx.tx, ctx.church.id, cls.id, first, next);
}

/** The CSV's column headings: the catalogue's (the screen's headings), English ones 'Roll No', 'Student', 'Present', 'Absent', 'Total Days', 'Percentage'. */
const MONTHLY_CSV_HEADINGS = ['reports.rollNo', 'reports.student', 'reports.present', 'reports.absent', 'reports.totalDays', 'reports.percentage'] as const;

const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/** attendance-3rd-A-2026-11.csv (section left out when the class has none). */
function monthlyCsvFileName(cls: Pick<ClassRow, 'className' | 'section'>, year: number, month: number) {
  const parts = ['attendance', fileNamePart(cls.className) || 'class', fileNamePart(cls.section),
    String(year), String(month).padStart(2, '0')];
  return `${parts.filter(Boolean).join('-')}.csv`;
}

/** GET /api/attendance/class/{classId}/monthly.csv: the same summary as a spreadsheet file, its
 * headings in the reader's language unless English ones are asked for (headings=english); an erased
 * child's row says so in the same language. The BOM lets spreadsheet programs read names in any
 * script as UTF-8. */
export async function monthlySummaryCsv(ctx: TenantScope, input: z.output<typeof monthlyCsvInput>) {
  const { cls, rows } = await monthlySummaryOf(ctx, input);
  const t = translatorFor(input.headings === 'english' ? SOURCE_LOCALE : ctx.user.language);
  const csv = toCsv(MONTHLY_CSV_HEADINGS.map((id) => t(id)), rows.map((row) => [
    row.roll_number,
    row.roll_number === null ? t('reports.erasedChild') : row.student_name,
    row.present_days,
    row.absent_days,
    row.total_days,
    row.percentage === null ? '' : row.percentage.toFixed(1),
  ]));
  return { filename: monthlyCsvFileName(cls, input.year, input.month), body: `\uFEFF${csv}` } satisfies RestFile;
}
