import { addDays, dayOfWeek } from './dates.js';

/**
 * Absentee follow-up: a child absent at this many of their class's roll calls in a row (the marks
 * since their last present one, in their current class) is on the follow-up list. Each church sets
 * its own number; a church that never set it gets the default.
 */
export const FOLLOW_UP_ABSENCES = { default: 2, min: 1, max: 10 } as const;

/** The weekdays a Sunday School meets (ISO: 1 Monday ... 7 Sunday), Sunday unless the church sets
 * others: the follow-up streak counts absences at roll calls of these days only. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const DEFAULT_CLASS_DAYS: readonly number[] = [7];

/** "sunday" when the church meets on Sundays only (its texts say "Sundays"), else "class" ("classes"). */
export const classDaysWord = (classDays: readonly number[]): ClassDaysWord => (classDays.length === 1 && classDays[0] === 7 ? 'sunday' : 'class');
export type ClassDaysWord = 'sunday' | 'class';

/** How a call to a child's family went, or `messaged`: a WhatsApp message sent. `moved_away` also makes the child inactive. */
export const CONTACT_OUTCOMES = ['reached', 'no_answer', 'sick', 'moved_away', 'messaged', 'other'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];

/** The note of a contact record, at most this many characters. */
export const CONTACT_NOTE_MAX = 500;

export const FOLLOW_UP_MESSAGES = {
  absencesInvalid: `Absences in a row must be a whole number from ${FOLLOW_UP_ABSENCES.min} to ${FOLLOW_UP_ABSENCES.max}`,
  outcomeInvalid: `Outcome must be one of ${CONTACT_OUTCOMES.join(', ')}`,
  noteTooLong: `The note must be at most ${CONTACT_NOTE_MAX} characters`,
  studentInactive: 'This student is inactive (moved away); they are no longer followed up.',
  contactRecorded: 'Contact recorded.',
  classDaysInvalid: 'Class days must be one or more weekdays, 1 (Monday) to 7 (Sunday)',
} as const;

/** Monday and Sunday (YYYY-MM-DD) of the week holding `today`, itself a calendar day of the church. */
export function weekOf(today: string): { from: string; to: string } {
  const monday = addDays(today, -((dayOfWeek(today) + 6) % 7));
  return { from: monday, to: addDays(monday, 6) };
}

/** The ISO weekday (1 Monday ... 7 Sunday) of a calendar day. */
export const isoWeekday = (date: string) => dayOfWeek(date) || 7;

/** The latest of the church's class days on or before `date` (within the week before it). */
export function classDayOnOrBefore(date: string, classDays: readonly number[]): string {
  for (let back = 0; back < 7; back += 1) {
    const day = addDays(date, -back);
    if (classDays.includes(isoWeekday(day))) return day;
  }
  return date; // no class day at all: the schema refuses an empty list
}

/** The first of the church's class days after `date` (within the week after it). */
export function classDayAfter(date: string, classDays: readonly number[]): string {
  for (let ahead = 1; ahead <= 7; ahead += 1) {
    const day = addDays(date, ahead);
    if (classDays.includes(isoWeekday(day))) return day;
  }
  return addDays(date, 7);
}
