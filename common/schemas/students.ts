import { z } from 'zod';
import { plainString } from './text.js';
import { toE164 } from '../phone.js';
import { isCalendarDate, isGuid, MIN_DATE_OF_BIRTH } from '../school.js';
import { CLASS_MESSAGES } from '../class-messages.js';
import { academicYearFilter, academicYearSchema, idSchema, textField } from './classes.js';

/** Texts of the student rules, shown as they are by the client. */
export const STUDENT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  nameInvalid: 'Name must be text',
  parentPhoneRequired: 'Parent phone is required',
  parentPhoneInvalid: 'Please enter a valid phone number',
  parentEmailInvalid: 'Please enter a valid email address',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Date of birth must be a valid date (YYYY-MM-DD)',
  dateOfBirthTooEarly: 'Date of birth must be after 1900',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  classRequired: 'Class is required',
  classInvalid: CLASS_MESSAGES.classIdInvalid,
  academicYearMismatch: (classYear: string) => `The chosen class belongs to academic year ${classYear}.`,
  searchTooLong: 'Search text must be at most 100 characters',
  sortInvalid: 'Sort must be roll_number or name',
  notFound: 'Student not found.',
  idInvalid: 'Invalid student id.',
  deleted: 'Student deleted successfully.',
  empty: 'No students found. Add your first student above.',
  activeInvalid: 'active must be true (on the roll) or false (left)',
  markedLeft: 'Marked as left. Their history is kept.',
  backOnRoll: 'Back on the roll.',
} as const;

/** Names and searches are kept in Unicode's composed form (NFC), so that a name typed on one keyboard
 * is found by a search typed on another: some Indic keyboards send a letter with a nukta as one code
 * point (U+095B ज़), others as the letter and the sign (ज + ़); NFC makes both the same text. */
const nameSchema = textField(STUDENT_MESSAGES.nameRequired, STUDENT_MESSAGES.nameInvalid)
  .trim()
  .normalize('NFC')
  .min(1, STUDENT_MESSAGES.nameRequired)
  .max(100, STUDENT_MESSAGES.nameTooLong);

/** A parent phone, stored in E.164 through the one reading of a number (common/phone.ts): without a
 * country code it is Indian (+91), so '98470 12345', '+91 98470-12345' and '09847012345' are all
 * '+919847012345', as the guardians API and the import store them. */
const parentPhoneSchema = textField(STUDENT_MESSAGES.parentPhoneRequired, STUDENT_MESSAGES.parentPhoneInvalid)
  .trim()
  .min(1, { error: STUDENT_MESSAGES.parentPhoneRequired, abort: true })
  .max(30, { error: STUDENT_MESSAGES.parentPhoneInvalid, abort: true })
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) ctx.addIssue({ code: 'custom', message: STUDENT_MESSAGES.parentPhoneInvalid });
    return e164 ?? z.NEVER;
  });

const emailCheck = z.email();
/** Optional; '' or null is "no email". */
const parentEmailSchema = plainString({ error: STUDENT_MESSAGES.parentEmailInvalid })
  .trim()
  .nullable()
  .transform((v) => v || null)
  .refine((v) => v === null || (v.length <= 254 && emailCheck.safeParse(v).success), STUDENT_MESSAGES.parentEmailInvalid);

/** YYYY-MM-DD, a real date; "not in the future" is checked by the server in the church's time zone
 * (the client checks it against its own today as a hint). */
const dateOfBirthSchema = textField(STUDENT_MESSAGES.dateOfBirthRequired, STUDENT_MESSAGES.dateOfBirthInvalid)
  .trim()
  .min(1, STUDENT_MESSAGES.dateOfBirthRequired)
  .refine(isCalendarDate, STUDENT_MESSAGES.dateOfBirthInvalid)
  .refine((v) => v >= MIN_DATE_OF_BIRTH, STUDENT_MESSAGES.dateOfBirthTooEarly);

const classIdSchema = textField(STUDENT_MESSAGES.classRequired, STUDENT_MESSAGES.classInvalid)
  .trim()
  .min(1, STUDENT_MESSAGES.classRequired)
  .refine(isGuid, STUDENT_MESSAGES.classInvalid);

/** POST /api/students. academic_year may be sent; it must then be the class's (the class decides). */
export const studentCreateInput = z.object({
  name: nameSchema,
  parent_phone: parentPhoneSchema,
  parent_email: parentEmailSchema.optional(),
  date_of_birth: dateOfBirthSchema,
  class_id: classIdSchema,
  academic_year: academicYearSchema.optional(),
});

/** PUT /api/students/{id}: the same fields; a field left out keeps its value. Another class_id moves
 * the student (with a new roll number in that class). */
export const studentUpdateInput = z.object({
  id: idSchema(STUDENT_MESSAGES.idInvalid),
  name: nameSchema.optional(),
  parent_phone: parentPhoneSchema.optional(),
  parent_email: parentEmailSchema.optional(),
  date_of_birth: dateOfBirthSchema.optional(),
  class_id: classIdSchema.optional(),
  academic_year: academicYearSchema.optional(),
});

export const studentIdInput = z.object({ id: idSchema(STUDENT_MESSAGES.idInvalid) });

/** PUT /api/students/{id}/active: false marks a child as left (a family that moved away: off the roll
 * call and the follow-up list, their history kept), true puts them back on the roll. */
export const studentActiveInput = z.object({
  id: idSchema(STUDENT_MESSAGES.idInvalid),
  active: z.boolean({ error: STUDENT_MESSAGES.activeInvalid }),
});

/** The orders of the student list: the school's (year, class, roll number; the default) or by name. */
export const STUDENT_SORTS = ['roll_number', 'name'] as const;

/** GET /api/students: every filter optional; '' means "all". */
export const studentListInput = z.object({
  academic_year: academicYearFilter,
  class_id: plainString({ error: STUDENT_MESSAGES.classInvalid })
    .trim()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isGuid(v), STUDENT_MESSAGES.classInvalid)
    .optional(),
  search: plainString({ error: STUDENT_MESSAGES.searchTooLong })
    .trim()
    .normalize('NFC')
    .max(100, STUDENT_MESSAGES.searchTooLong)
    .transform((v) => v || undefined)
    .optional(),
  sort: z.enum(STUDENT_SORTS, { error: STUDENT_MESSAGES.sortInvalid }).optional(),
}).optional();

/** GET /api/students/classes/available */
export const studentClassesInput = z.object({ academic_year: academicYearFilter }).optional();

/** GET /api/students/class/{classId} */
export const classStudentsInput = z.object({ classId: idSchema(CLASS_MESSAGES.idInvalid) });
