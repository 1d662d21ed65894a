import { teacherByChoice, type RolloverTeacherChoice } from '../../../../common/rollover';
import type { RolloverOutcome, RolloverPlanInput } from '../../../../common/schemas/rollover';
import type { RouterOutputs } from '../../lib/trpc';

export type Proposal = RouterOutputs['rollover']['proposal'];
export type PreviewAnswer = RouterOutputs['rollover']['preview'];

/** What becomes of one class of the ending year: its class in the new year (null: it leaves the
 * Sunday School), that class's section, and the teacher the user chose for it (undefined: the one the
 * teacher choice gives, `teacherOf`). */
export interface ClassChoice {
  next_class_name: string | null;
  next_section: string;
  next_teacher_id?: string | null;
}

/** The wizard's plan: how teachers are placed, whether the lowest class is opened for new children,
 * a choice per class (by id), and the outcomes the user picked per child (by id). */
export interface Plan {
  teachers: RolloverTeacherChoice;
  openLowestClass: boolean;
  classes: Record<string, ClassChoice>;
  picked: Record<string, RolloverOutcome>;
}

/** The plan as the server suggests it: each class to its next grade, same section; teachers staying
 * with their class; the lowest class opened; no teacher picked, and held back each child who failed
 * the ending year's published final result (the user may move them up anyway). */
export const suggestedPlan = (proposal: Proposal): Plan => ({
  teachers: 'stay',
  openLowestClass: true,
  classes: Object.fromEntries(proposal.classes.map((c) => [c.id, {
    next_class_name: c.suggestion.next_class_name, next_section: c.suggestion.next_section,
  }])),
  picked: Object.fromEntries(proposal.classes.flatMap((c) => c.children)
    .filter((child) => child.held_back_suggested).map((child) => [child.id, 'held_back' as const])),
});

/** The plan with another teacher choice: the teachers picked by hand give way to it. */
export const withTeacherChoice = (plan: Plan, teachers: RolloverTeacherChoice): Plan => ({
  ...plan,
  teachers,
  classes: Object.fromEntries(Object.entries(plan.classes).map(([id, { next_teacher_id: _picked, ...choice }]) => [id, choice])),
});

/** The teacher a class's row shows: the one picked, else the one the teacher choice gives (the
 * server's rule, common/rollover.ts, over the proposal's classes and active teachers). */
export function teacherOf(proposal: Proposal, plan: Plan, classId: string): string | null {
  const choice = plan.classes[classId];
  if (choice.next_teacher_id !== undefined) return choice.next_teacher_id;
  if (!choice.next_class_name) return null;
  const endingYear = proposal.classes.map((c) => ({ className: c.class_name, section: c.section, teacherId: c.teacher_id }));
  const from = endingYear[proposal.classes.findIndex((c) => c.id === classId)];
  const active = new Set(proposal.teachers.map((teacher) => teacher.id));
  return teacherByChoice(plan.teachers, { className: choice.next_class_name, section: choice.next_section }, from, endingYear, (id) => active.has(id));
}

/** The outcomes a child of a class may have, its default first: a class that leaves has no class to
 * move up into, so its children leave unless held back. */
export const outcomesOf = (choice: ClassChoice): readonly RolloverOutcome[] =>
  choice.next_class_name ? ['moves', 'held_back', 'leaves'] : ['leaves', 'held_back'];

/** A child's outcome: the one picked while it is one their class allows, else the class's default
 * (a pick of "moves up" comes back when a class set to leave is given a next class again). */
export function outcomeOf(plan: Plan, classId: string, childId: string): RolloverOutcome {
  const allowed = outcomesOf(plan.classes[classId]);
  const picked = plan.picked[childId];
  return picked && allowed.includes(picked) ? picked : allowed[0];
}

/** The input of rollover.preview and rollover.commit: every class and every child said explicitly,
 * and the teacher choice, so what the user saw is what the server does (a teacher not picked by hand
 * is left to the server's rule for the choice). */
export const planInput = (proposal: Proposal, plan: Plan): RolloverPlanInput => ({
  from_year: proposal.from_year,
  teachers: plan.teachers,
  open_lowest_class: plan.openLowestClass,
  classes: proposal.classes.map((c) => ({ class_id: c.id, ...plan.classes[c.id], next_section: plan.classes[c.id].next_section.trim() })),
  children: proposal.classes.flatMap((c) => c.children.map((child) => ({ student_id: child.id, outcome: outcomeOf(plan, c.id, child.id) }))),
});
