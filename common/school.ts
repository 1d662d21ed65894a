/** Rules of classes and students shared by the client and the server. */

/**
 * A church's classes are its own ordered list (decisions.md, 'Classes, exams and associations'); this
 * is the list of a church that set none: LKG, UKG, 1st ... 12th. The order is the school order: the
 * class picker, the rollover's next class and the class that leaves the Sunday School follow it.
 */
export const DEFAULT_CLASS_NAMES: readonly string[] = [
  'LKG', 'UKG', '1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '11th', '12th',
];

/** Bounds of a church's class list (the database checks the count too). */
export const CLASS_LIST_LIMITS = { maxNames: 30, maxNameLength: 30 } as const;

/** The list's spelling of a name written in any case ('lkg' -> 'LKG'), or undefined when it is not listed. */
export const listedClassName = (list: readonly string[], name: string): string | undefined =>
  list.find((listed) => listed.toLowerCase() === name.trim().toLowerCase());

/** The class after one in the church's list; null for the last one (it leaves the Sunday School) and
 * for a name no longer listed (its children leave unless the rollover plan names a class). */
export function nextClassIn(list: readonly string[], className: string): string | null {
  const at = list.indexOf(className);
  return at < 0 ? null : list[at + 1] ?? null;
}

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
