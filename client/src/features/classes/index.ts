/** What the screens that show or pick classes share: the class texts and the church's academic years
 * (how a class is named is in lib/class-label.ts). */
export { useAcademicYears, yearOptions } from './useAcademicYears';
