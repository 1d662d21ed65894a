/** Rules of classes and students shared by the client and the server. */

/** The fixed list of class names, in school order: a class is named from this list only. */
export const CLASS_NAMES = ['LKG', 'UKG', '1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'] as const;
export type ClassName = (typeof CLASS_NAMES)[number];

/** The listed name for any spelling of it ('lkg' -> 'LKG', '1ST' -> '1st'), or undefined. */
export const canonicalClassName = (name: string): ClassName | undefined =>
  CLASS_NAMES.find((listed) => listed.toLowerCase() === name.trim().toLowerCase());

/** An academic year is 'YYYY-YYYY' whose second year follows the first. */
export function isAcademicYear(value: string): boolean {
  const match = /^(\d{4})-(\d{4})$/.exec(value);
  return !!match && Number(match[2]) === Number(match[1]) + 1 && Number(match[1]) >= 1900;
}

/** A real calendar date written as YYYY-MM-DD (no 2024-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The earliest date of birth accepted. */
export const MIN_DATE_OF_BIRTH = '1900-01-01';

/** Age in whole years on `today` (both YYYY-MM-DD); a 29 February birthday counts on 1 March. */
export function ageInYears(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age--;
  return Math.max(0, age);
}

const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isGuid = (value: string) => GUID_PATTERN.test(value);
