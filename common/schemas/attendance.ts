import { z } from 'zod';
import {
  ATTENDANCE_MAX_STUDENTS_PER_REQUEST, ATTENDANCE_STATUSES, ATTENDANCE_SYNC_MAX_MARKS, REPORT_YEAR_MAX, REPORT_YEAR_MIN,
} from '../constants.js';
import { isCalendarDate } from '../school.js';
import { academicYearSchema } from './classes.js';
import { plainString } from './text.js';

// The attendance calls name their fields in camelCase, unlike the other calls, as clients of the
// API already send them: classId, date, attendanceData [{ studentId, status }].
// The rules that need the church's "today" (no future date, the 14-day window) are checked on the
// server with the church's time zone; `attendanceDateProblem` in common/attendance.ts is the same
// rule for the client.

const idSchema = (what: string) =>
  plainString({ error: (issue) => (issue.input === undefined ? `${what} is required` : `${what} is not valid`) })
    .trim()
    .pipe(z.guid({ error: `${what} is not valid` }))
    .transform((id) => id.toLowerCase());

const INVALID_DATE = 'Please choose a valid date (YYYY-MM-DD).';

const attendanceDateSchema = plainString({ error: (issue) => (issue.input === undefined ? 'Date is required' : INVALID_DATE) })
  .trim()
  .refine(isCalendarDate, { error: INVALID_DATE });

const attendanceStatusSchema = z.enum(ATTENDANCE_STATUSES, {
  error: "Status must be 'present' or 'absent'",
});

export const markAttendanceInput = z.object({
  classId: idSchema('Class'),
  date: attendanceDateSchema,
  attendanceData: z
    .array(
      z.object({ studentId: idSchema('Student'), status: attendanceStatusSchema }),
      { error: 'attendanceData must be a list of { studentId, status }' },
    )
    .max(ATTENDANCE_MAX_STUDENTS_PER_REQUEST, `At most ${ATTENDANCE_MAX_STUDENTS_PER_REQUEST} students can be marked at once`)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      for (const [index, item] of items.entries()) {
        const id = item.studentId.toLowerCase();
        if (seen.has(id)) {
          ctx.addIssue({ code: 'custom', path: [index, 'studentId'], message: 'Each student can be marked only once in a request' });
          return;
        }
        seen.add(id);
      }
    }),
});

export const classDateInput = z.object({
  classId: idSchema('Class'),
  date: attendanceDateSchema,
});

/** Year and month of a report; the REST path sends them as query-string text, hence the parsing. */
export const wholeNumber = (what: string, min: number, max: number) => {
  const range = `between ${min} and ${max}`;
  return z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined ? `${what} is required` : `${what} must be a number ${range}`),
    })
    .transform((value) => (typeof value === 'string' ? (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN) : value))
    .pipe(z.number({ error: `${what} must be a number ${range}` })
      .int(`${what} must be a whole number ${range}`)
      .min(min, `${what} must be ${range}`)
      .max(max, `${what} must be ${range}`));
};

export const classMonthInput = z.object({
  classId: idSchema('Class'),
  year: wholeNumber('Year', REPORT_YEAR_MIN, REPORT_YEAR_MAX),
  month: wholeNumber('Month', 1, 12),
});

/** CSV column headings: in the reader's language (the default), or in English for an office that wants them so. */
const CSV_HEADINGS = ['language', 'english'] as const;

/** The monthly summary as CSV: a class's month, and the language of its column headings. */
export const monthlyCsvInput = classMonthInput.extend({
  headings: z.enum(CSV_HEADINGS, { error: `headings must be one of ${CSV_HEADINGS.join(', ')}` }).optional(),
});

/**
 * A batch of marks a device kept while offline (POST /api/attendance/sync): one mark per student
 * and date, each with the time it was tapped on the device. `batchId` is made by the device when it
 * forms the batch and sent again on every retry, so the server applies a batch at most once.
 */
export const syncAttendanceInput = z.object({
  batchId: idSchema('Batch'),
  marks: z
    .array(
      z.object({
        classId: idSchema('Class'),
        studentId: idSchema('Student'),
        date: attendanceDateSchema,
        status: attendanceStatusSchema,
        tappedAt: z.iso.datetime({ offset: true, error: 'tappedAt must be a date and time (ISO 8601, e.g. 2026-11-22T09:15:00.000Z)' }),
      }),
      { error: 'marks must be a list of { classId, studentId, date, status, tappedAt }' },
    )
    .min(1, 'A batch needs at least one mark')
    .max(ATTENDANCE_SYNC_MAX_MARKS, `At most ${ATTENDANCE_SYNC_MAX_MARKS} marks can be sent in one batch`)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      for (const [index, item] of items.entries()) {
        const key = `${item.studentId.toLowerCase()}|${item.date}`;
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: [index, 'studentId'], message: 'Each student can be marked only once per date in a batch' });
          return;
        }
        seen.add(key);
      }
    }),
});

/** A class's yearly attendance summary: the class's own academic year. */
export const classRefInput = z.object({ classId: idSchema('Class') });

/** The church's yearly attendance summary: every class of the academic year. */
export const churchYearInput = z.object({ academic_year: academicYearSchema });
