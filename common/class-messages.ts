import { CLASS_LIST_LIMITS } from './school.js';

/**
 * Texts of the class rules, shown as they are by the client. They live apart from the schemas
 * (common/schemas/classes.ts) so a screen that only shows them does not download zod with them.
 */
export const CLASS_MESSAGES = {
  classNameRequired: 'Class name is required',
  classNameInvalid: 'Choose a class name from the church\'s class list (Configuration)',
  classNameTooLong: `A class name must be at most ${CLASS_LIST_LIMITS.maxNameLength} characters`,
  classNamesEmpty: 'The class list needs at least one class name',
  classNamesTooMany: `The class list may have at most ${CLASS_LIST_LIMITS.maxNames} names`,
  classNamesDuplicate: 'Each class name may appear only once in the list',
  classNameBlank: 'A class name cannot be blank',
  classNameInUse: (className: string) =>
    `Class ${className} has classes this year or later, so it stays in the list. Remove it when no class of this year uses it.`,
  classNamesSaved: 'Class list saved.',
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
  yearKept: (academicYear: string) =>
    `The children of this class have moved on to another academic year, so it stays in ${academicYear} with their history.`,
  empty: 'No classes found',
} as const;
