import { z } from 'zod';
import {
  CONTACT_NOTE_MAX, CONTACT_OUTCOMES, FOLLOW_UP_ABSENCES as N, FOLLOW_UP_MESSAGES as M, ISO_WEEKDAYS,
} from '../follow-up.js';
import { plainString } from './text.js';

const idSchema = (what: string) =>
  plainString({ error: (issue) => (issue.input === undefined ? `${what} is required` : `${what} is not valid`) })
    .trim()
    .pipe(z.guid({ error: `${what} is not valid` }))
    .transform((id) => id.toLowerCase());

/** GET /api/follow-up: every class the user may reach, or one (query classId). */
export const followUpListInput = z.object({ classId: idSchema('Class').optional() }).optional();

/** POST /api/follow-up/{studentId}/contacts. */
export const followUpContactInput = z.object({
  studentId: idSchema('Student'),
  outcome: z.enum(CONTACT_OUTCOMES, { error: M.outcomeInvalid }),
  note: plainString({ error: M.noteTooLong }).trim().normalize('NFC').max(CONTACT_NOTE_MAX, M.noteTooLong)
    .transform((v) => v || undefined).optional(),
});

/** The church's class days: ISO weekdays, each once, kept in week order (Monday first). */
const classDays = z.array(z.number({ error: M.classDaysInvalid }).int(M.classDaysInvalid)
  .min(ISO_WEEKDAYS[0], M.classDaysInvalid).max(ISO_WEEKDAYS[6], M.classDaysInvalid), { error: M.classDaysInvalid })
  .min(1, M.classDaysInvalid)
  .max(ISO_WEEKDAYS.length, M.classDaysInvalid)
  .refine((days) => new Set(days).size === days.length, M.classDaysInvalid)
  .transform((days) => [...days].sort((a, b) => a - b));

/** PUT /api/follow-up/settings: absences_in_a_row a whole number (numeric text, "3" as a form may send
 * it, is accepted); class_days, when sent, the weekdays the Sunday School meets. */
export const followUpSettingsInput = z.object({
  absences_in_a_row: z
    .union([z.number({ error: M.absencesInvalid }), z.string({ error: M.absencesInvalid }).trim().regex(/^\d{1,2}$/, M.absencesInvalid).transform(Number)],
      { error: M.absencesInvalid })
    .pipe(z.number().int(M.absencesInvalid).min(N.min, M.absencesInvalid).max(N.max, M.absencesInvalid)),
  class_days: classDays.optional(),
});

/** GET /api/follow-up/{studentId}/contacts. */
export const followUpStudentInput = z.object({ studentId: idSchema('Student') });
