import { z } from 'zod';
import { REPORT_YEAR_MAX, REPORT_YEAR_MIN } from '../constants.js';
import { isCalendarDate } from '../school.js';
import { SUBSTITUTE_MESSAGES as M } from '../substitutes.js';
import { wholeNumber } from './attendance.js';
import { plainString } from './text.js';

const idSchema = (what: string) =>
  plainString({ error: (issue) => (issue.input === undefined ? `${what} is required` : `${what} is not valid`) })
    .trim()
    .pipe(z.guid({ error: `${what} is not valid` }))
    .transform((id) => id.toLowerCase());

const INVALID_DATE = 'Please choose a valid date (YYYY-MM-DD).';
const dateSchema = plainString({ error: (issue) => (issue.input === undefined ? 'Date is required' : INVALID_DATE) })
  .trim()
  .refine(isCalendarDate, { error: INVALID_DATE });

/** At most this many classes in one report (a teacher has a few). */
const ABSENCE_MAX_CLASSES = 20;

/** A teacher reports "I can't come" for a class day and one or more of their classes. */
export const reportAbsenceInput = z.object({
  date: dateSchema,
  class_ids: z.array(idSchema('Class'), { error: M.classesRequired })
    .min(1, M.classesRequired)
    .max(ABSENCE_MAX_CLASSES, `At most ${ABSENCE_MAX_CLASSES} classes at once`)
    .transform((ids) => [...new Set(ids)]),
});

export const absenceRefInput = z.object({ absence_id: idSchema('Absence') });

/** The principal chooses (or, with null, removes) the substitute of an absence. */
export const assignSubstituteInput = z.object({
  absence_id: idSchema('Absence'),
  substitute_id: idSchema('Substitute').nullable(),
});

export const rotaInput = z.object({
  year: wholeNumber('Year', REPORT_YEAR_MIN, REPORT_YEAR_MAX),
  month: wholeNumber('Month', 1, 12),
});
