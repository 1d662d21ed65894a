import type { ClassName } from '../../../../common/school';
import type { RolloverOutcome, RolloverPlanInput } from '../../../../common/schemas/rollover';
import type { RouterOutputs } from '../../lib/trpc';

export type Proposal = RouterOutputs['rollover']['proposal'];
export type PreviewAnswer = RouterOutputs['rollover']['preview'];

/** What becomes of one class of the ending year: its class in the new year (null: it leaves the
 * Sunday School), that class's section and teacher. */
export interface ClassChoice {
  next_class_name: ClassName | null;
  next_section: string;
  next_teacher_id: string | null;
}

/** The wizard's plan: a choice per class (by id), and the outcomes the user picked per child (by id). */
export interface Plan {
  classes: Record<string, ClassChoice>;
  picked: Record<string, RolloverOutcome>;
}

/** The plan as the server suggests it: each class to its next grade, same section and teacher;
 * no child picked. */
export const suggestedPlan = (proposal: Proposal): Plan => ({
  classes: Object.fromEntries(proposal.classes.map((c) => [c.id, { ...c.suggestion }])),
  picked: {},
});

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
 * so what the user saw is what the server does. */
export const planInput = (proposal: Proposal, plan: Plan): RolloverPlanInput => ({
  from_year: proposal.from_year,
  classes: proposal.classes.map((c) => ({ class_id: c.id, ...plan.classes[c.id], next_section: plan.classes[c.id].next_section.trim() })),
  children: proposal.classes.flatMap((c) => c.children.map((child) => ({ student_id: child.id, outcome: outcomeOf(plan, c.id, child.id) }))),
});
