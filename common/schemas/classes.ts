import { z } from 'zod';
import { plainString } from './text.js';
import { CLASS_NAMES, canonicalClassName, isAcademicYear, isGuid, type ClassName } from '../school.js';

/** Texts of the class rules (01 sections 5 and 8), shown as they are by the client. */
export const CLASS_MESSAGES = {
  classNameRequired: 'Class name is required',
  classNameInvalid: `Class name must be one of ${CLASS_NAMES.join(', ')}`,
  academicYearRequired: 'Academic year is required',
  academicYearInvalid: 'Academic year must look like 2024-2025 (a year and the next one)',
  sectionTooLong: 'Section must be at most 20 characters',
  sectionInvalid: 'Section must be text',
  teacherInvalid: 'Please choose a teacher from the list',
  teacherNotFound: 'The chosen teacher is not an active teacher of this church.',
  classIdInvalid: 'Please choose a class from the list',
  notFound: 'Class not found.',
  idInvalid: 'Invalid class id.',
  duplicate: (className: string, section: string, academicYear: string) =>
    `Class ${className}${section ? ` section ${section}` : ''} already exists for ${academicYear}.`,
  hasStudents: (count: number) =>
    `This class still has ${count} ${count === 1 ? 'student' : 'students'}. `
    + 'Move them to another class or delete them before deleting the class.',
  deleted: 'Class deleted successfully.',
  empty: 'No classes found',
} as const;

export const SECTION_MAX_LENGTH = 20;

/** A text field whose message is `required` when it is missing (or null) and `invalid` when it is not text. */
export const textField = (required: string, invalid = required) =>
  plainString({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) });

/** YYYY-YYYY with the second year right after the first. */
export const academicYearSchema = textField(CLASS_MESSAGES.academicYearRequired, CLASS_MESSAGES.academicYearInvalid)
  .trim()
  .min(1, CLASS_MESSAGES.academicYearRequired)
  .refine(isAcademicYear, CLASS_MESSAGES.academicYearInvalid);

/** An optional academic-year filter of a list; '' (the "all years" choice) means no filter. */
export const academicYearFilter = plainString({ error: CLASS_MESSAGES.academicYearInvalid })
  .trim()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isAcademicYear(v), CLASS_MESSAGES.academicYearInvalid)
  .optional();

/** A row id (UUID); anything else is refused with `message`. */
export const idSchema = (message: string) => plainString({ error: message }).trim().refine(isGuid, message);

const classNameSchema = textField(CLASS_MESSAGES.classNameRequired, CLASS_MESSAGES.classNameInvalid)
  .trim()
  .min(1, CLASS_MESSAGES.classNameRequired)
  .refine((v) => canonicalClassName(v) !== undefined, CLASS_MESSAGES.classNameInvalid)
  .transform((v) => canonicalClassName(v) as ClassName);

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
