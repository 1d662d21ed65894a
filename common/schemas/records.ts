import { z } from 'zod';
import { NOTES_MAX_LENGTH, RECORD_MESSAGES } from '../record-messages.js';
import { isAcademicYear, isCalendarDate } from '../school.js';
import { idSchema, textField } from './classes.js';

const academicYear = textField(RECORD_MESSAGES.academicYearRequired)
  .trim()
  .min(1, { error: RECORD_MESSAGES.academicYearRequired, abort: true })
  .refine(isAcademicYear, 'Academic year must look like 2024-2025 (a year and the next one)');

/** Two digits 01-12 ('1' is taken as '01'). */
const month = textField(RECORD_MESSAGES.monthRequired, RECORD_MESSAGES.monthInvalid)
  .trim()
  .min(1, { error: RECORD_MESSAGES.monthRequired, abort: true })
  .refine((v) => /^(0?[1-9]|1[0-2])$/.test(v), RECORD_MESSAGES.monthInvalid)
  .transform((v) => v.padStart(2, '0'));

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A date-time: a calendar date (YYYY-MM-DD, taken as midnight UTC) or an ISO date-time with its offset. */
const date = textField(RECORD_MESSAGES.dateRequired, RECORD_MESSAGES.dateInvalid)
  .trim()
  .min(1, { error: RECORD_MESSAGES.dateRequired, abort: true })
  .refine((v) => (isCalendarDate(v) || (ISO_DATE_TIME.test(v) && isCalendarDate(v.slice(0, 10))
    && !Number.isNaN(Date.parse(v)))), RECORD_MESSAGES.dateInvalid)
  .transform((v) => (isCalendarDate(v) ? `${v}T00:00:00.000Z` : new Date(v).toISOString()));

const notes = textField(RECORD_MESSAGES.notesRequired)
  .trim()
  .min(1, { error: RECORD_MESSAGES.notesRequired, abort: true })
  .max(NOTES_MAX_LENGTH, RECORD_MESSAGES.notesTooLong);

/** The record form (client) and POST /api/records. `created_by` is never read from the body: the
 * server writes the signed-in user (unknown keys are dropped). */
const recordFields = { academic_year: academicYear, month, date, notes };
export const recordCreateInput = z.object(recordFields);

/** PUT /api/records/{id}: the same fields; a field left out keeps its value. */
export const recordUpdateInput = z.object({
  id: idSchema(RECORD_MESSAGES.idInvalid),
  academic_year: academicYear.optional(),
  month: month.optional(),
  date: date.optional(),
  notes: notes.optional(),
});

export const recordIdInput = z.object({ id: idSchema(RECORD_MESSAGES.idInvalid) });
