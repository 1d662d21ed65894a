import type { z } from 'zod';
import { monthRange } from '../../../common/attendance.js';
import type { churchYearInput, classMonthInput, classRefInput } from '../../../common/schemas/attendance.js';
import type { TenantScope } from '../../core/scopes.js';
import { chunksOf } from '../../core/pdf/text.js';
import type { RestFile } from '../../rest/meta.js';
import { translatorFor } from '../../core/i18n.js';
import { academicYearSettings } from '../academic-year/index.js';
import { findAccessibleClass, type ClassRow } from '../classes/index.js';
import { monthlySummaryRows } from './queries.js';
import {
  classDaysOf, classYearRows, churchYearRows, classesOfYear, registerMarks, teacherName, yearReturnRows,
} from './register-queries.js';
import { churchYearPdf, classYearPdf, registerPdf, type YearReturn } from './register-pdf.js';

// Each document's facts are read in the request's transaction; the PDF is drawn while it is sent,
// after the transaction has ended, so no connection waits on the drawing and a long document is
// never whole in memory. The reader's language sets the fixed texts.

const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
const fileName = (parts: Array<string | undefined>) => `${parts.map((p) => p && fileNamePart(p)).filter(Boolean).join('-')}.pdf`;
const classParts = (cls: Pick<ClassRow, 'className' | 'section'>) => [fileNamePart(cls.className) || 'class', cls.section];

/** The dates of [first, next) falling on the church's class days (ISO weekdays, 7 Sunday). */
function classDatesOf(first: string, next: string, classDays: readonly number[]): string[] {
  const dates: string[] = [];
  for (let day = new Date(`${first}T00:00:00Z`); day.toISOString().slice(0, 10) < next; day.setUTCDate(day.getUTCDate() + 1)) {
    if (classDays.includes(day.getUTCDay() || 7)) dates.push(day.toISOString().slice(0, 10));
  }
  return dates;
}

/** The twelve months (YYYY-MM) of an academic year 'YYYY-YYYY' starting in `startMonth`, and its
 * date range [first, next). */
function monthsOfYear(academicYear: string, startMonth: number) {
  const startYear = Number(academicYear.slice(0, 4));
  const months = Array.from({ length: 12 }, (_, i) => {
    const index = startMonth - 1 + i;
    return `${startYear + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
  const next = startMonth === 1 ? `${startYear + 1}-01-01` : `${startYear + 1}-${String(startMonth).padStart(2, '0')}-01`;
  return { months, first: `${months[0]}-01`, next };
}

/** A child's name as printed: an erased child's row (no roll number) in the reader's language. */
const nameOf = (ctx: TenantScope, row: { roll_number: number | null; student_name: string }) =>
  (row.roll_number === null ? translatorFor(ctx.user.language)('reports.erasedChild') : row.student_name);

/** GET /api/attendance/class/{classId}/register.pdf: the month's register of a class the reader may
 * reach (a teacher: their own), with the monthly summary's figures per child. */
export async function monthlyRegister(ctx: TenantScope, input: z.output<typeof classMonthInput>): Promise<RestFile> {
  const cls = await findAccessibleClass(ctx.tx, ctx.church.id, ctx.user, input.classId);
  const { first, next } = monthRange(input.year, input.month);
  const rows = await monthlySummaryRows(ctx.tx, ctx.church.id, cls.id, first, next);
  const marks = await registerMarks(ctx.tx, ctx.church.id, cls.id, first, next);
  const teacher = await teacherName(ctx.tx, ctx.church.id, cls.teacherId);
  const byStudent = new Map(rows.map((row) => [row.student_id, new Map<string, string>()]));
  const dates = new Set<string>();
  for (const mark of marks) {
    const cells = byStudent.get(mark.studentId);
    if (!cells) continue; // a mark of a child no longer in the class: not on this register
    cells.set(mark.date, mark.status);
    dates.add(mark.date);
  }
  const month = `${input.year}-${String(input.month).padStart(2, '0')}`;
  for (const date of classDatesOf(first, next, await classDaysOf(ctx.tx, ctx.church.id))) dates.add(date);
  const facts = {
    language: ctx.user.language, churchName: ctx.church.name, cls, teacher, month, dates: [...dates].sort(),
    children: rows.map((row) => ({
      roll: row.roll_number, name: nameOf(ctx, row), present: row.present_days, absent: row.absent_days,
      percentage: row.percentage, marks: byStudent.get(row.student_id)!,
    })),
  };
  return { filename: fileName(['register', ...classParts(cls), month]), body: () => chunksOf(registerPdf(facts)) };
}

/** GET /api/attendance/class/{classId}/year-summary.pdf: each child's percentage per month of the
 * class's academic year (months as the church's academic-year setting has them). */
export async function classYearSummary(ctx: TenantScope, input: z.output<typeof classRefInput>): Promise<RestFile> {
  const cls = await findAccessibleClass(ctx.tx, ctx.church.id, ctx.user, input.classId);
  const { start_month: startMonth } = await academicYearSettings(ctx);
  const { months, first, next } = monthsOfYear(cls.academicYear, startMonth);
  const children = await monthlySummaryRows(ctx.tx, ctx.church.id, cls.id, first, next);
  const rows = await classYearRows(ctx.tx, ctx.church.id, cls.id, first, next);
  const teacher = await teacherName(ctx.tx, ctx.church.id, cls.teacherId);
  const byStudent = new Map(children.map((c) => [c.student_id, new Map<string, number | null>()]));
  for (const row of rows) byStudent.get(row.studentId)?.set(row.month, row.percentage);
  const facts = {
    language: ctx.user.language, churchName: ctx.church.name, academicYear: cls.academicYear, cls, teacher, months,
    children: children.map((c) => ({ roll: c.roll_number, name: nameOf(ctx, c), percentages: byStudent.get(c.student_id)! })),
    anyMarks: children.some((c) => c.total_days > 0),
  };
  return { filename: fileName(['attendance-year', ...classParts(cls), cls.academicYear]), body: () => chunksOf(classYearPdf(facts)) };
}

/** GET /api/attendance/year-summary.pdf (super_admin, principal): each class's percentage per month
 * of the academic year. */
export async function churchYearSummary(ctx: TenantScope, input: z.output<typeof churchYearInput>): Promise<RestFile> {
  const { start_month: startMonth } = await academicYearSettings(ctx);
  const { months, first, next } = monthsOfYear(input.academic_year, startMonth);
  const classes = await classesOfYear(ctx.tx, ctx.church.id, input.academic_year);
  const rows = await churchYearRows(ctx.tx, ctx.church.id, input.academic_year, first, next);
  const returns = await yearReturnRows(ctx.tx, ctx.church.id, input.academic_year, first, next);
  const byClass = new Map(classes.map((c) => [c.id, new Map<string, number | null>()]));
  const totals = new Map<string, number | null>();
  for (const row of rows) (row.classId === null ? totals : byClass.get(row.classId))?.set(row.month, row.percentage);
  const none: YearReturn = { onRoll: 0, rollCalls: 0, present: 0, marks: 0 };
  const returnOf = new Map(returns.map(({ classId, ...year }) => [classId, year]));
  const facts = {
    language: ctx.user.language, churchName: ctx.church.name, academicYear: input.academic_year, months,
    classes: classes.map((c) => ({ ...c, percentages: byClass.get(c.id)!, year: returnOf.get(c.id) ?? none })),
    totals, total: returnOf.get(null) ?? none,
    anyMarks: rows.some((row) => row.classId !== null),
  };
  return { filename: fileName(['attendance-year', input.academic_year]), body: () => chunksOf(churchYearPdf(facts)) };
}
