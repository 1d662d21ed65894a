/** What the screens that show or pick classes share: how a class is named, the class texts, and the
 * church's academic years. */
export { classLabel, classLabelWithYear, classOptions, classTeacherName, type ClassItem } from './class-label';
export { CLASS_TEXT } from './text';
export { useAcademicYears, yearOptions } from './useAcademicYears';
