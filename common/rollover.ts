import { CLASS_NAMES, type ClassName } from './school.js';

/** The grade a class moves up to at the turn of the year: LKG -> UKG -> 1st ... 10th -> leaves (null). */
export function nextGrade(className: string): ClassName | null {
  const at = CLASS_NAMES.indexOf(className as ClassName);
  if (at < 0) return null;
  return CLASS_NAMES[at + 1] ?? null;
}

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

/** Texts of the rollover's rules (the client shows them in the user's language by their reason). */
export const ROLLOVER_MESSAGES = {
  yearInvalid: 'Academic year must look like 2024-2025 (a year and the next one)',
  childInvalid: 'Please choose a child from the list',
  outcomeInvalid: 'Choose moves up, held back or leaving for each child',
  notFound: 'Rollover not found.',
  notOffered: (fromYear: string, toYear: string) =>
    `The rollover of ${fromYear} into ${toYear} is offered from the month ${toYear} starts.`,
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
