import { z } from 'zod';
import { EXAM_KINDS, EXAM_MESSAGES as M, markProblem, type PaperRule } from '../exams.js';
import { isCalendarDate } from '../school.js';
import { academicYearFilter, academicYearSchema, idSchema, textField } from './classes.js';
import { plainString } from './text.js';

const examId = idSchema('Exam is not valid');
const classId = idSchema('Class is not valid');
const paperId = idSchema('Paper is not valid');
const studentId = idSchema('Student is not valid');

const INVALID_DATE = 'Please choose a valid date (YYYY-MM-DD).';
const optionalDate = plainString({ error: INVALID_DATE }).trim().refine(isCalendarDate, INVALID_DATE).nullable().default(null);

const name = (what: string, max: number) => textField(`${what} is required`, `${what} is not valid`)
  .trim()
  .min(1, { error: `${what} is required`, abort: true })
  .max(max, `${what} must be at most ${max} characters`);

/** A whole number from `min` to `max`, as JSON sends it. */
const whole = (what: string, min: number, max: number) =>
  z.number({ error: `${what} must be a number from ${min} to ${max}` }).int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`).max(max, `${what} must be at most ${max}`);

/** A percentage of the scheme: above 0, at most 100, to one decimal. */
const percent = (what: string) => z.number({ error: `${what} must be a percentage` })
  .gt(0, `${what} must be above 0`).max(100, `${what} must be at most 100`)
  .refine((v) => Number.isInteger(v * 10), `${what} takes at most one decimal`);

export const examRefInput = z.object({ exam_id: examId });
export const paperRefInput = z.object({ paper_id: paperId });
export const examClassInput = z.object({ exam_id: examId, class_id: classId });
export const classFinalInput = z.object({ class_id: classId });
/** A class's report cards: every child's, or one child's (student_id). */
export const reportCardsInput = z.object({ class_id: classId, student_id: studentId.optional() });

/** The exams of an academic year (the church's current one when none is named). */
export const examListInput = z.object({ academic_year: academicYearFilter }).optional();

const examFields = {
  name: name('Exam name', 60),
  kind: z.enum(EXAM_KINDS, { error: 'Kind must be test, half_yearly or annual' }),
  starts_on: optionalDate,
  ends_on: optionalDate,
  /** Its share of the year's final result; null: the scheme's weight of its kind. */
  weight: whole('Weight', 0, 100).nullable().default(null),
};
const datesInOrder = (e: { starts_on: string | null; ends_on: string | null }) => !e.starts_on || !e.ends_on || e.starts_on <= e.ends_on;

export const createExamInput = z.object({ academic_year: academicYearSchema, ...examFields })
  .refine(datesInOrder, { error: M.datesOrder, path: ['ends_on'] });
export const updateExamInput = z.object({ exam_id: examId, ...examFields })
  .refine(datesInOrder, { error: M.datesOrder, path: ['ends_on'] });

const paperFields = {
  name: name('Paper name', 60),
  max_marks: whole('Maximum marks', 1, 1000),
  half_marks_allowed: z.boolean({ error: 'Half marks allowed must be true or false' }).default(false),
};
export const addPaperInput = z.object({ exam_id: examId, class_id: classId, ...paperFields });
export const updatePaperInput = z.object({ paper_id: paperId, ...paperFields });

/** The set-up of last year copied into this one. */
export const copyYearInput = z.object({ academic_year: academicYearSchema });

export const schemeInput = z.object({
  pass_percent: percent('Pass mark'),
  distinction_percent: percent('Distinction'),
  first_class_percent: percent('First class'),
  second_class_percent: percent('Second class'),
  grade_bands: z.array(z.object({
    grade: name('Grade', 4),
    min_percent: z.number({ error: 'A grade\'s lowest percentage must be a number' }).min(0).max(100)
      .refine((v) => Number.isInteger(v * 10), 'A grade\'s lowest percentage takes at most one decimal'),
  }), { error: 'Grade bands must be a list' }).max(12, 'At most 12 grade bands').default([])
    .refine((bands) => new Set(bands.map((b) => b.grade)).size === bands.length
      && new Set(bands.map((b) => b.min_percent)).size === bands.length, M.gradeBandsOrder),
  weights: z.object({ test: whole('Test weight', 0, 100), half_yearly: whole('Half-yearly weight', 0, 100), annual: whole('Annual weight', 0, 100) }),
}).refine((s) => s.pass_percent <= s.second_class_percent && s.second_class_percent <= s.first_class_percent
  && s.first_class_percent <= s.distinction_percent, M.schemeOrder);

/** A mark as sent: a number (whole or half, up to 1000), 'AB' (absent), or null (clear the entry). */
const markValue = z.union([
  z.number().min(0, M.marksInvalid).max(1000, M.marksInvalid).refine((v) => Number.isInteger(v * 2), M.marksInvalid),
  plainString().trim().toUpperCase().pipe(z.literal('AB', { error: M.marksInvalid })),
  z.null(),
], { error: M.marksInvalid });

/** One cell of a mark list against its paper (the keypad's check; the server checks every cell with it). */
export const markAgainstPaper = (paper: PaperRule) => markValue.superRefine((value, ctx) => {
  const problem = typeof value === 'number' ? markProblem(value, paper) : null;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A class's mark list of an exam, saved whole: each child's paper (a value, AB, or null to clear it),
 * their remarks (null clears one), under a write id the device made (the same save sent again is
 * applied once), and after publishing the correction's reason. */
export const saveMarksInput = z.object({
  exam_id: examId,
  class_id: classId,
  write_id: idSchema('Write id is not valid'),
  entries: z.array(z.object({ student_id: studentId, paper_id: paperId, value: markValue }), { error: 'Entries must be a list' })
    .max(5000, 'At most 5000 entries at once')
    .refine((list) => new Set(list.map((e) => `${e.student_id} ${e.paper_id}`)).size === list.length, M.duplicateEntry),
  remarks: z.array(z.object({ student_id: studentId, remark: name('Remark', 500).nullable() }), { error: 'Remarks must be a list' })
    .max(500, 'At most 500 remarks at once').default([])
    .refine((list) => new Set(list.map((r) => r.student_id)).size === list.length, M.duplicateRemark),
  amendment_reason: name('Reason', 500).refine((v) => v.length >= 3, 'Reason must be at least 3 characters').optional(),
});
