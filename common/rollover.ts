import { academicYearOf } from './academic-year.js';

/** The academic year after one ('2025-2026' -> '2026-2027'). */
export const followingYear = (year: string) => {
  const start = Number(year.slice(0, 4)) + 1;
  return `${start}-${start + 1}`;
};

/** The academic year before one ('2026-2027' -> '2025-2026'). */
export const previousYear = (year: string) => {
  const start = Number(year.slice(0, 4)) - 1;
  return `${start}-${start + 1}`;
};

/**
 * How many months before the new academic year's start month the rollover into it is offered, by the
 * church's rollover month: a month up to 6 before the start is that many months early (Kerala's
 * Sunday Schools promote in April, after the annual exam, for a June start: 2); a month up to 5 after
 * it is that late (negative); none (null) is the start month itself (0).
 */
function monthsEarly(startMonth: number, rolloverMonth: number | null): number {
  if (rolloverMonth === null) return 0;
  const early = (startMonth - rolloverMonth + 12) % 12;
  return early > 6 ? early - 12 : early;
}

/** A month as a count of months ('2026-04' -> 2026 × 12 + 3), and back to 'YYYY-MM'. */
const monthCount = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const monthOfCount = (count: number) => `${Math.floor(count / 12)}-${String((count % 12) + 1).padStart(2, '0')}`;

/**
 * The turn of the year a church is at on `today` (YYYY-MM-DD in its time zone): the year that ends and
 * the year that begins. The rollover into a year is offered, and allowed, from its rollover month
 * (`rolloverOfferedFrom`) until that month comes round again, when the next year's is.
 */
export function turningYears(today: string, startMonth: number, rolloverMonth: number | null) {
  const shifted = monthOfCount(monthCount(today) + monthsEarly(startMonth, rolloverMonth));
  const toYear = academicYearOf(`${shifted}-01`, startMonth);
  return { fromYear: previousYear(toYear), toYear };
}

/** The month ('YYYY-MM') from which the rollover into `toYear` is offered. */
export function rolloverOfferedFrom(toYear: string, startMonth: number, rolloverMonth: number | null): string {
  return monthOfCount(Number(toYear.slice(0, 4)) * 12 + startMonth - 1 - monthsEarly(startMonth, rolloverMonth));
}

/** Whom a class of the new year gets as its teacher when the plan names none: 'stay' (the default),
 * the teacher of the ending year's class of the same name and section (each teacher keeps their
 * standard); 'move_up', the teacher of the class whose children move into it. */
export const ROLLOVER_TEACHER_CHOICES = ['stay', 'move_up'] as const;
export type RolloverTeacherChoice = (typeof ROLLOVER_TEACHER_CHOICES)[number];

interface TeacherOfClass { className: string; section: string; teacherId: string | null }

/** Two classes of one year are the same class when their names match and their sections do without case. */
const sameClass = (a: { className: string; section: string }, b: { className: string; section: string }) =>
  a.className === b.className && a.section.trim().toLowerCase() === b.section.trim().toLowerCase();

/**
 * The teacher of a class of the new year (`into`) by the teacher choice: 'stay', the teacher of the
 * ending year's class of its name and section; 'move_up', the teacher of the ending year's class whose
 * children move into it (`from`; none for a class no class moves into: held back children's, or the
 * lowest class opened for admissions). Someone who is no longer an active teacher is none.
 */
export function teacherByChoice(
  choice: RolloverTeacherChoice,
  into: { className: string; section: string },
  from: TeacherOfClass | null,
  endingYear: readonly TeacherOfClass[],
  isActiveTeacher: (id: string) => boolean,
): string | null {
  const teacher = choice === 'stay' ? endingYear.find((cls) => sameClass(cls, into))?.teacherId : from?.teacherId;
  return teacher && isActiveTeacher(teacher) ? teacher : null;
}

/** Texts of the rollover's rules (the client shows them in the user's language by their reason). */
export const ROLLOVER_MESSAGES = {
  yearInvalid: 'Academic year must look like 2024-2025 (a year and the next one)',
  childInvalid: 'Please choose a child from the list',
  outcomeInvalid: 'Choose moves up, held back or leaving for each child',
  notFound: 'Rollover not found.',
  notOffered: (fromYear: string, toYear: string, turningFromYear: string, turningToYear: string) =>
    `The rollover of ${fromYear} into ${toYear} is not offered now: the year turning now is ${turningFromYear} into ${turningToYear}.`,
  teachersInvalid: 'Choose whether teachers stay with their class or move up with their children',
  openLowestInvalid: 'Say whether the lowest class is opened for new children (true or false)',
  monthInvalid: 'The rollover month must be a month from 1 (January) to 12 (December), or none',
  monthUpdated: 'Rollover month saved.',
  noClasses: (fromYear: string) => `There are no classes in ${fromYear} to roll over.`,
  alreadyRolledOver: (fromYear: string) => `${fromYear} has already been rolled over. Undo that rollover first to do it again.`,
  classNotInYear: (fromYear: string) => `A class of the plan is not a class of ${fromYear}.`,
  childNotInYear: (fromYear: string) => `A child of the plan is not in a class of ${fromYear}.`,
  teacherConflict: (className: string) => `Two classes moving into ${className} name different teachers. Choose one teacher for it.`,
  undoAfterMarks: (toYear: string) => `Attendance has already been marked in ${toYear}, so this rollover can no longer be undone.`,
  undoAfterAdditions: (count: number) =>
    `${count} ${count === 1 ? 'child was' : 'children were'} added to the new year's classes after the rollover. `
    + 'Move or delete them before undoing it.',
  alreadyUndone: 'This rollover has already been undone.',
  done: (classes: number, moved: number) => `The new year is ready: ${classes} ${classes === 1 ? 'class' : 'classes'}, ${moved} ${moved === 1 ? 'child' : 'children'} enrolled.`,
  undone: 'The rollover was undone. The old year is as it was.',
} as const;
