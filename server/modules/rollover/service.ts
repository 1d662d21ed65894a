import type { z } from 'zod';
import { CLASS_MESSAGES } from '../../../common/class-messages.js';
import { followingYear, ROLLOVER_MESSAGES, teacherByChoice, type RolloverTeacherChoice } from '../../../common/rollover.js';
import { listedClassName, nextClassIn } from '../../../common/school.js';
import type { rolloverIdInput, rolloverPlanInput, RolloverOutcome } from '../../../common/schemas/rollover.js';
import type { TenantScope } from '../../core/scopes.js';
import type { Tx } from '../../db/index.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { auditChurchChange } from '../audit/index.js';
import { availableTeachers, churchClassNames } from '../classes/index.js';
import { publishedFinalResults, type PublishedYearResult } from '../exams/index.js';
import { planLimitRefusal } from '../subscription/index.js';
import { layOutNewYear, type ClassDecision, type Layout } from './layout.js';
import { offeredMonths, turningOf } from './settings.js';
import {
  countChildrenAddedSince, deleteClassesOfRollover, findStandingRollover, highestRollNumbers, insertClasses, insertRollover,
  classesOfRollover, lockRollover, markRolloverUndone, placeChildren, restorePlacedChildren, selectChildrenOfYear,
  selectYearClasses, setChildrenActive, yearHasMarks, type YearChildRow, type YearClassRow,
} from './queries.js';

type Plan = z.output<typeof rolloverPlanInput>;

const classLabel = (cls: { className: string; section: string }) => (cls.section ? `${cls.className} ${cls.section}` : cls.className);

interface Totals { classes_created: number; children_moved: number; held_back: number; leaving: number }

const totalsOf = (layout: Layout): Totals => ({
  classes_created: layout.classes.filter((c) => !c.existingId).length,
  children_moved: layout.classes.reduce((n, c) => n + c.children.filter((ch) => ch.outcome === 'moves').length, 0),
  held_back: layout.classes.reduce((n, c) => n + c.children.filter((ch) => ch.outcome === 'held_back').length, 0),
  leaving: layout.leaving.length,
});

/** A child's final result of the ending year, as the proposal and the preview show it (null: none published). */
type FinalResult = { percentage: number; division: PublishedYearResult['division']; rank: number } | null;

/**
 * The ending year's published final results of its classes' children, by child: a child who failed
 * it is proposed held back (kept in their class's grade), everyone else goes as their class does.
 * A result of a class the child is no longer in (moved within the year) is not theirs to count.
 */
async function finalResultsOfYear(tx: Tx, churchId: string, fromYear: string, oldClasses: YearClassRow[], children: YearChildRow[]) {
  const rows = await publishedFinalResults(tx, churchId, oldClasses.map((c) => ({ classId: c.id, academicYear: fromYear })));
  const classOf = new Map(children.map((c) => [c.id, c.classId]));
  return new Map(rows.filter((r) => classOf.get(r.student_id) === r.class_id)
    .map((r): [string, FinalResult] => [r.student_id, { percentage: r.percentage, division: r.division, rank: r.rank }]));
}

const failed = (result: FinalResult | undefined) => result?.division === 'fail';

/** Whether a standing rollover can still be undone, and why not (checked again, under locks, by undo). */
type UndoRefusal = { reason: 'undo_after_marks' | 'undo_after_additions'; message: string; values: Record<string, string | number> };
async function undoRefusal(tx: Tx, churchId: string, rollover: { id: string; toYear: string }, madeClassIds: string[]): Promise<UndoRefusal | null> {
  if (await yearHasMarks(tx, churchId, rollover.toYear)) {
    return { reason: 'undo_after_marks', message: ROLLOVER_MESSAGES.undoAfterMarks(rollover.toYear), values: { year: rollover.toYear } };
  }
  const added = await countChildrenAddedSince(tx, churchId, rollover.id, madeClassIds);
  if (added > 0) return { reason: 'undo_after_additions', message: ROLLOVER_MESSAGES.undoAfterAdditions(added), values: { count: added } };
  return null;
}

/** GET /api/rollover: the wizard's starting point: the ending year's classes, each with the suggested
 * class of the new year and its children; or the rollover that stands and whether it can be undone. */
export async function rolloverProposal(scope: TenantScope) {
  const { tx } = scope;
  const turning = await turningOf(scope);
  const { fromYear, toYear } = turning;
  const [oldClasses, children, standing, teachers, classNames] = await Promise.all([
    selectYearClasses(tx, scope.church.id, fromYear), selectChildrenOfYear(tx, scope.church.id, fromYear), findStandingRollover(tx, scope.church.id, fromYear), availableTeachers(scope),
    churchClassNames(tx, scope.church.id),
  ]);
  const activeTeacher = new Set(teachers.map((t) => t.id));
  const results = await finalResultsOfYear(tx, scope.church.id, fromYear, oldClasses, children);
  let refusal: { reason: string; message: string } | null = null;
  if (standing) refusal = { reason: 'already_rolled_over', message: ROLLOVER_MESSAGES.alreadyRolledOver(fromYear) };
  else if (!oldClasses.length) refusal = { reason: 'no_classes', message: ROLLOVER_MESSAGES.noClasses(fromYear) };
  const isActiveTeacher = (id: string) => activeTeacher.has(id);
  return {
    from_year: fromYear,
    to_year: toYear,
    ...offeredMonths(turning),
    offered: !refusal,
    refusal,
    standing: standing ? {
      id: standing.id, from_year: standing.fromYear, to_year: standing.toYear, created_at: standing.createdAt.toISOString(),
      created_by_name: standing.createdByName, totals: standing.summary as Totals,
      undo: await (async () => {
        const why = await undoRefusal(tx, scope.church.id, standing, await classesOfRollover(tx, scope.church.id, standing.id, { lock: false }));
        return why ? { possible: false, reason: why.reason, message: why.message, values: why.values } : { possible: true };
      })(),
    } : null,
    classes: oldClasses.map((cls) => ({
      id: cls.id, class_name: cls.className, section: cls.section, teacher_id: cls.teacherId, teacher_name: cls.teacherName,
      suggestion: suggestionFor(cls, oldClasses, isActiveTeacher, classNames),
      children: children.filter((c) => c.classId === cls.id).map((c) => ({
        id: c.id, name: c.name, roll_number: c.rollNumber, final_result: results.get(c.id) ?? null,
        held_back_suggested: failed(results.get(c.id)),
      })),
    })),
    teachers: teachers.map((t) => ({ id: t.id, name: t.name })),
    class_names: classNames,
  };
}

/** The next class of the church's list (none after its last: that class leaves), the same section,
 * and that class's teacher by each teacher choice (the teacher of the ending year's class of that name
 * and section, or this class's own), while they are an active teacher. */
function suggestionFor(cls: YearClassRow, oldClasses: YearClassRow[], isActiveTeacher: (id: string) => boolean, classNames: readonly string[]) {
  const next = { className: nextClassIn(classNames, cls.className), section: cls.section };
  const teacher = (choice: RolloverTeacherChoice) =>
    (next.className ? teacherByChoice(choice, { className: next.className, section: next.section }, cls, oldClasses, isActiveTeacher) : null);
  return { next_class_name: next.className, next_section: next.section, teachers: { stay: teacher('stay'), move_up: teacher('move_up') } };
}

/**
 * The plan checked against the church as it is now and laid out: refused (400/409) for a year that is
 * not the one turning, a year rolled over already, a class or child not of that year, a teacher not
 * active, or two teachers for one new class. With `lock`, the ending year's classes and children are
 * locked, so the layout is what the commit writes.
 */
async function resolvePlan(scope: TenantScope, plan: Plan, { lock }: { lock: boolean }) {
  const { tx } = scope;
  const { fromYear, toYear } = await turningOf(scope);
  if (plan.from_year !== fromYear) {
    throw badRequest(ROLLOVER_MESSAGES.notOffered(plan.from_year, followingYear(plan.from_year), fromYear, toYear), {
      reason: 'not_offered', values: { fromYear: plan.from_year, turningFromYear: fromYear },
    });
  }
  if (await findStandingRollover(tx, scope.church.id, fromYear)) {
    throw conflict(ROLLOVER_MESSAGES.alreadyRolledOver(fromYear), { reason: 'already_rolled_over', values: { fromYear } });
  }
  const oldClasses = await selectYearClasses(tx, scope.church.id, fromYear, { lock });
  if (!oldClasses.length) throw conflict(ROLLOVER_MESSAGES.noClasses(fromYear), { reason: 'no_classes', values: { fromYear } });
  const [children, existing, highestRoll, teachers, classNames] = await Promise.all([
    selectChildrenOfYear(tx, scope.church.id, fromYear, { lock }), selectYearClasses(tx, scope.church.id, toYear, { lock }), highestRollNumbers(tx, scope.church.id, toYear), availableTeachers(scope),
    churchClassNames(tx, scope.church.id),
  ]);
  const activeTeacher = new Set(teachers.map((t) => t.id));
  const oldIds = new Set(oldClasses.map((c) => c.id));
  const decisions = new Map<string, ClassDecision>();
  // A class left out of the plan: its next class and section; its teacher by the teacher choice.
  for (const cls of oldClasses) {
    decisions.set(cls.id, { nextClassName: nextClassIn(classNames, cls.className), nextSection: cls.section, nextTeacherId: undefined });
  }
  for (const chosen of plan.classes) {
    if (!oldIds.has(chosen.class_id)) throw badRequest(ROLLOVER_MESSAGES.classNotInYear(fromYear), { reason: 'class_not_in_year' });
    if (chosen.next_teacher_id && !activeTeacher.has(chosen.next_teacher_id)) throw badRequest(CLASS_MESSAGES.teacherNotFound);
    // A new year's class is named from the church's class list, as the list spells it.
    const nextClassName = chosen.next_class_name === null ? null : listedClassName(classNames, chosen.next_class_name);
    if (nextClassName === undefined) throw badRequest(CLASS_MESSAGES.classNameInvalid, { reason: 'class_name_not_listed' });
    decisions.set(chosen.class_id, { nextClassName, nextSection: chosen.next_section, nextTeacherId: chosen.next_teacher_id });
  }
  const childIds = new Set(children.map((c) => c.id));
  // A child left out of the plan who failed the year's published final result is held back.
  const results = await finalResultsOfYear(tx, scope.church.id, fromYear, oldClasses, children);
  const outcomes = new Map<string, RolloverOutcome>();
  for (const [id, result] of results) if (failed(result)) outcomes.set(id, 'held_back');
  for (const chosen of plan.children) {
    if (!childIds.has(chosen.student_id)) throw badRequest(ROLLOVER_MESSAGES.childNotInYear(fromYear), { reason: 'child_not_in_year' });
    outcomes.set(chosen.student_id, chosen.outcome);
  }
  const layout = layOutNewYear({
    oldClasses, decisions, children, outcomes, existing, highestRoll, classOrder: classNames,
    teachers: { choice: plan.teachers, isActiveTeacher: (id) => activeTeacher.has(id) },
    lowestClassName: plan.open_lowest_class ? classNames[0] ?? null : null,
  });
  if (layout.teacherConflict) {
    throw badRequest(ROLLOVER_MESSAGES.teacherConflict(layout.teacherConflict), { reason: 'teacher_conflict', values: { className: layout.teacherConflict } });
  }
  const teacherName = new Map(teachers.map((t) => [t.id, t.name]));
  for (const cls of existing) if (cls.teacherId && cls.teacherName) teacherName.set(cls.teacherId, cls.teacherName);
  const oldLabel = new Map(oldClasses.map((c) => [c.id, classLabel(c)]));
  const totals = totalsOf(layout);
  const limit = await planLimitRefusal(tx, scope.church, { resource: 'classes', academicYear: toYear }, totals.classes_created);
  return { fromYear, toYear, layout, totals, limit, teacherName, oldLabel, results };
}

/** POST /api/rollover/preview: the new year as the plan makes it. Nothing is written. */
export async function previewRollover(scope: TenantScope, plan: Plan) {
  const { fromYear, toYear, layout, totals, limit, teacherName, oldLabel, results } = await resolvePlan(scope, plan, { lock: false });
  const resultOf = (id: string) => results.get(id) ?? null;
  return {
    from_year: fromYear,
    to_year: toYear,
    teachers: plan.teachers,
    classes: layout.classes.map((cls) => ({
      class_name: cls.className, section: cls.section, teacher_id: cls.teacherId,
      teacher_name: cls.teacherId ? teacherName.get(cls.teacherId) ?? null : null, existing: Boolean(cls.existingId),
      opened_for_admissions: cls.opened,
      children: cls.children.map((c) => ({
        id: c.id, name: c.name, roll_number: c.rollNumber, from_class: oldLabel.get(c.fromClassId)!, outcome: c.outcome, final_result: resultOf(c.id),
      })),
    })),
    leaving: layout.leaving.map((c) => ({ id: c.id, name: c.name, from_class: oldLabel.get(c.fromClassId)!, final_result: resultOf(c.id) })),
    totals,
    plan_limit: limit ? { message: limit.message, values: limit.data?.values ?? {} } : null,
  };
}

/** A unique violation of the one-standing-rollover-per-year key: a second rollover raced this one. */
function isSecondRollover(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint_name: a, constraint: b } = e as { code?: string; constraint_name?: string; constraint?: string };
    if (code === '23505' && (a ?? b) === 'academic_year_rollovers_standing_key') return true;
  }
  return false;
}

/**
 * POST /api/rollover: the turn of the year in the request's one transaction: the rollover's record,
 * the new year's classes, each child's enrolment in the new year (now their current class), the
 * leaving children made inactive, and the audit entry. The ending year's classes, enrolments and
 * marks are not touched, so its reports read as before.
 */
export async function commitRollover(scope: TenantScope, plan: Plan) {
  const { tx, church, user } = scope;
  const { fromYear, toYear, layout, totals, limit } = await resolvePlan(scope, plan, { lock: true });
  if (limit) throw limit;
  const leftIds = layout.leaving.map((c) => c.id);
  let id: string;
  try {
    id = await insertRollover(tx, { churchId: church.id, fromYear, toYear, leftStudentIds: leftIds, summary: totals, createdBy: user.id });
  } catch (error) {
    if (isSecondRollover(error)) throw conflict(ROLLOVER_MESSAGES.alreadyRolledOver(fromYear), { reason: 'already_rolled_over', values: { fromYear } });
    throw error;
  }
  const made = layout.classes.filter((c) => !c.existingId);
  const madeIds = await insertClasses(tx, made.map((c) => ({
    churchId: church.id, className: c.className, section: c.section, teacherId: c.teacherId, academicYear: toYear, rolloverId: id,
  })));
  const madeId = new Map(made.map((c, i) => [c, madeIds[i]]));
  await placeChildren(tx, church.id, id, toYear, layout.classes.flatMap((cls) => cls.children.map((c) => ({
    studentId: c.id, classId: cls.existingId ?? madeId.get(cls)!, rollNumber: c.rollNumber,
  }))));
  await setChildrenActive(tx, church.id, leftIds, false);
  await auditChurchChange(tx, {
    user, action: 'academic_year.rolled_over', resourceType: 'academic_year_rollover', resourceId: id,
    details: { from_year: fromYear, to_year: toYear, ...totals },
    description: `Academic year ${fromYear} rolled over into ${toYear}: ${totals.classes_created} classes made, `
      + `${totals.children_moved} children moved up, ${totals.held_back} held back, ${totals.leaving} leaving`,
  });
  return { id, from_year: fromYear, to_year: toYear, totals, message: ROLLOVER_MESSAGES.done(layout.classes.length, totals.children_moved + totals.held_back) };
}

/**
 * POST /api/rollover/{id}/undo, until the new year's first mark: removes what the rollover made and
 * nothing else: its enrolments (each child back in their class of the ending year), the classes it
 * made, and the leaving children made active again. Refused once a mark exists in the new year, or
 * while children added since are in the classes it made.
 */
export async function undoRollover(scope: TenantScope, input: z.output<typeof rolloverIdInput>) {
  const { tx, church, user } = scope;
  const rollover = await lockRollover(tx, church.id, input.id);
  if (!rollover) throw notFound(ROLLOVER_MESSAGES.notFound);
  if (rollover.undoneAt) throw conflict(ROLLOVER_MESSAGES.alreadyUndone, { reason: 'already_undone' });
  const made = await classesOfRollover(tx, church.id, rollover.id, { lock: true });
  const refusal = await undoRefusal(tx, church.id, rollover, made);
  if (refusal) throw conflict(refusal.message, { reason: refusal.reason, values: refusal.values });
  await restorePlacedChildren(tx, church.id, rollover.id, rollover.fromYear, rollover.toYear);
  await setChildrenActive(tx, church.id, rollover.leftStudentIds, true);
  await deleteClassesOfRollover(tx, church.id, rollover.id);
  await markRolloverUndone(tx, church.id, rollover.id, user.id);
  await auditChurchChange(tx, {
    user, action: 'academic_year.rollover_undone', resourceType: 'academic_year_rollover', resourceId: rollover.id,
    details: { from_year: rollover.fromYear, to_year: rollover.toYear },
    description: `Rollover of academic year ${rollover.fromYear} into ${rollover.toYear} undone`,
  });
  return { id: rollover.id, message: ROLLOVER_MESSAGES.undone };
}
