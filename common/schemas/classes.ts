import { z } from 'zod';
import { plainString } from './text.js';
import { CLASS_MESSAGES } from '../class-messages.js';
import { CLASS_LIST_LIMITS, isAcademicYear, isGuid } from '../school.js';

export const SECTION_MAX_LENGTH = 20;

/** A text field whose message is `required` when it is missing (or null) and `invalid` when it is not text. */
export const textField = (required: string, invalid = required) =>
  plainString({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) });

/** YYYY-YYYY with the second year right after the first. */
export const academicYearSchema = textField(CLASS_MESSAGES.academicYearRequired, CLASS_MESSAGES.academicYearInvalid)
  .trim()
  .min(1, { error: CLASS_MESSAGES.academicYearRequired, abort: true })
  .refine(isAcademicYear, CLASS_MESSAGES.academicYearInvalid);

/** An optional academic-year filter of a list; '' (the "all years" choice) means no filter. */
export const academicYearFilter = plainString({ error: CLASS_MESSAGES.academicYearInvalid })
  .trim()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isAcademicYear(v), CLASS_MESSAGES.academicYearInvalid)
  .optional();

/** A row id (UUID); anything else is refused with `message`. */
export const idSchema = (message: string) => plainString({ error: message }).trim().refine(isGuid, message);

/** A class's name: the server takes it only from the church's class list (spelled as the list spells it). */
export const classNameSchema = textField(CLASS_MESSAGES.classNameRequired, CLASS_MESSAGES.classNameInvalid)
  .trim()
  .min(1, CLASS_MESSAGES.classNameRequired)
  .max(CLASS_LIST_LIMITS.maxNameLength, CLASS_MESSAGES.classNameTooLong);

/** One name of the church's class list. */
const listedNameSchema = textField(CLASS_MESSAGES.classNameBlank)
  .trim()
  .min(1, CLASS_MESSAGES.classNameBlank)
  .max(CLASS_LIST_LIMITS.maxNameLength, CLASS_MESSAGES.classNameTooLong);

/** PUT /api/classes/names: the church's classes in school order; at least one, each once (case aside). */
export const classNamesInput = z.object({
  class_names: z.array(listedNameSchema, { error: CLASS_MESSAGES.classNamesEmpty })
    .min(1, CLASS_MESSAGES.classNamesEmpty)
    .max(CLASS_LIST_LIMITS.maxNames, CLASS_MESSAGES.classNamesTooMany)
    .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, CLASS_MESSAGES.classNamesDuplicate),
});

/** Free text, optional; blank is stored as ''. */
const sectionSchema = plainString({ error: CLASS_MESSAGES.sectionInvalid })
  .trim()
  .max(SECTION_MAX_LENGTH, CLASS_MESSAGES.sectionTooLong)
  .nullable()
  .transform((v) => v ?? '');

/** Optional teacher; '' or null is "Unassigned". */
const teacherIdSchema = z
  .string({ error: CLASS_MESSAGES.teacherInvalid })
  .trim()
  .nullable()
  .transform((v) => v || null)
  .refine((v) => v === null || isGuid(v), CLASS_MESSAGES.teacherInvalid);

const classFields = {
  class_name: classNameSchema,
  section: sectionSchema.optional(),
  teacher_id: teacherIdSchema.optional(),
  academic_year: academicYearSchema,
};

/** POST /api/classes */
export const classCreateInput = z.object(classFields);

export const classIdInput = z.object({ id: idSchema(CLASS_MESSAGES.idInvalid) });

/** PUT /api/classes/{id}: the same fields; a field left out keeps its value. */
export const classUpdateInput = z.object({
  id: idSchema(CLASS_MESSAGES.idInvalid),
  class_name: classNameSchema.optional(),
  section: sectionSchema.optional(),
  teacher_id: teacherIdSchema.optional(),
  academic_year: academicYearSchema.optional(),
});

/** GET /api/classes */
export const classListInput = z.object({ academic_year: academicYearFilter }).optional();
