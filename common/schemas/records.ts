import { z } from 'zod';
import { NOTES_MAX_LENGTH, RECORD_MESSAGES } from '../record-messages.js';
import { isCalendarDate } from '../school.js';
import { academicYearSchema, idSchema, textField } from './classes.js';
import { monthSchema } from './month.js';

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
const recordFields = { academic_year: academicYearSchema, month: monthSchema, date, notes };
export const recordCreateInput = z.object(recordFields);

/** PUT /api/records/{id}: the same fields; a field left out keeps its value. */
export const recordUpdateInput = z.object({
  id: idSchema(RECORD_MESSAGES.idInvalid),
  academic_year: academicYearSchema.optional(),
  month: monthSchema.optional(),
  date: date.optional(),
  notes: notes.optional(),
});

export const recordIdInput = z.object({ id: idSchema(RECORD_MESSAGES.idInvalid) });
