import { z } from 'zod';
import { CLASS_NAMES } from '../school.js';
import { CLASS_MESSAGES } from '../class-messages.js';
import { ROLLOVER_MESSAGES } from '../rollover.js';
import { plainString } from './text.js';

/** What happens to one child at the turn of the year: moves up with their class (the default), held
 * back (the same grade in the new year) or leaving (made inactive; stays in the old year's class). */
export const ROLLOVER_OUTCOMES = ['moves', 'held_back', 'leaves'] as const;
export type RolloverOutcome = (typeof ROLLOVER_OUTCOMES)[number];

const uuid = (message: string) => z.string({ error: message }).uuid(message);

/** One class of the ending year: the class of the new year its children move to (null: the class
 * leaves the Sunday School, as a 10th does), and that class's teacher (null: none). */
const classPlan = z.object({
  class_id: uuid(CLASS_MESSAGES.classIdInvalid),
  next_class_name: z.enum(CLASS_NAMES, { error: CLASS_MESSAGES.classNameInvalid }).nullable(),
  next_section: plainString({ error: CLASS_MESSAGES.sectionInvalid }).trim().max(20, CLASS_MESSAGES.sectionTooLong).default(''),
  next_teacher_id: uuid(CLASS_MESSAGES.teacherInvalid).nullable().default(null),
});

/**
 * POST /api/rollover/preview and POST /api/rollover: the plan of the turn of the year. Classes of the
 * ending year left out of `classes` follow the suggestion (next grade, same section, same teacher);
 * children left out of `children` move with their class.
 */
export const rolloverPlanInput = z.object({
  from_year: z.string({ error: ROLLOVER_MESSAGES.yearInvalid }).regex(/^\d{4}-\d{4}$/, ROLLOVER_MESSAGES.yearInvalid),
  classes: z.array(classPlan).max(500).default([]),
  children: z.array(z.object({
    student_id: uuid(ROLLOVER_MESSAGES.childInvalid),
    outcome: z.enum(ROLLOVER_OUTCOMES, { error: ROLLOVER_MESSAGES.outcomeInvalid }),
  })).max(20_000).default([]),
});
export type RolloverPlanInput = z.input<typeof rolloverPlanInput>;

export const rolloverIdInput = z.object({ id: uuid(ROLLOVER_MESSAGES.notFound) });
