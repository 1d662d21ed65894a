import { z } from 'zod';
import { CLASS_MESSAGES } from '../class-messages.js';
import { classNameSchema } from './classes.js';
import { ROLLOVER_MESSAGES, ROLLOVER_TEACHER_CHOICES } from '../rollover.js';
import { plainString } from './text.js';

/** What happens to one child at the turn of the year: moves up with their class (the default), held
 * back (the same grade in the new year) or leaving (made inactive; stays in the old year's class). */
export const ROLLOVER_OUTCOMES = ['moves', 'held_back', 'leaves'] as const;
export type RolloverOutcome = (typeof ROLLOVER_OUTCOMES)[number];

const uuid = (message: string) => z.string({ error: message }).uuid(message);

/** One class of the ending year: the class of the new year its children move to (null: the class
 * leaves the Sunday School, as the last of the church's list does);
 * the server takes only a name of the church's class list, and that class's teacher (null: none; left
 * out: as the plan's `teachers` choice says). */
const classPlan = z.object({
  class_id: uuid(CLASS_MESSAGES.classIdInvalid),
  next_class_name: classNameSchema.nullable(),
  next_section: plainString({ error: CLASS_MESSAGES.sectionInvalid }).trim().max(20, CLASS_MESSAGES.sectionTooLong).default(''),
  next_teacher_id: uuid(CLASS_MESSAGES.teacherInvalid).nullable().optional(),
});

/**
 * POST /api/rollover/preview and POST /api/rollover: the plan of the turn of the year. Classes of the
 * ending year left out of `classes` follow the suggestion (next grade, same section); children left
 * out of `children` move with their class, or are held back when they failed the ending year's
 * published final result (the exams module's). `teachers`: a class of the new year whose teacher the plan
 * does not name gets the teacher of the ending year's class of its name and section ('stay', the
 * default) or of the class whose children move into it ('move_up'). `open_lowest_class` (default
 * true): the first class of the church's list is made in the new year for new children, though no
 * child moves into it.
 */
export const rolloverPlanInput = z.object({
  from_year: z.string({ error: ROLLOVER_MESSAGES.yearInvalid }).regex(/^\d{4}-\d{4}$/, ROLLOVER_MESSAGES.yearInvalid),
  teachers: z.enum(ROLLOVER_TEACHER_CHOICES, { error: ROLLOVER_MESSAGES.teachersInvalid }).default('stay'),
  open_lowest_class: z.boolean({ error: ROLLOVER_MESSAGES.openLowestInvalid }).default(true),
  classes: z.array(classPlan).max(500).default([]),
  children: z.array(z.object({
    student_id: uuid(ROLLOVER_MESSAGES.childInvalid),
    outcome: z.enum(ROLLOVER_OUTCOMES, { error: ROLLOVER_MESSAGES.outcomeInvalid }),
  })).max(20_000).default([]),
});
export type RolloverPlanInput = z.input<typeof rolloverPlanInput>;

export const rolloverIdInput = z.object({ id: uuid(ROLLOVER_MESSAGES.notFound) });

/** PUT /api/rollover/settings: the month (1-12) from which the rollover into the next academic year is
 * offered, or null for the academic year's start month; numeric text ("4", as a form may send it) is
 * accepted. */
export const rolloverSettingsInput = z.object({
  rollover_month: z
    .union([
      z.number({ error: ROLLOVER_MESSAGES.monthInvalid }),
      z.string({ error: ROLLOVER_MESSAGES.monthInvalid }).trim().regex(/^\d{1,2}$/, ROLLOVER_MESSAGES.monthInvalid).transform(Number),
      z.null(),
    ], { error: ROLLOVER_MESSAGES.monthInvalid })
    .pipe(z.number().int(ROLLOVER_MESSAGES.monthInvalid).min(1, ROLLOVER_MESSAGES.monthInvalid).max(12, ROLLOVER_MESSAGES.monthInvalid).nullable()),
});
