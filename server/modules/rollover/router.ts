import { rolloverIdInput, rolloverPlanInput } from '../../../common/schemas/rollover.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { commitRollover, previewRollover, rolloverProposal, undoRollover } from './service.js';

const managers = capabilityProcedure('rollOverYear');

export const rolloverRouter = router({
  proposal: managers
    .meta(rest('GET', '/api/rollover', 'The turn of the academic year: the ending year (the one before the church\'s current year) and '
      + 'the new one, whether a rollover is offered (refusal: already_rolled_over, no_classes), the rollover that stands with whether it '
      + 'can be undone, each class of the ending year with the suggested class of the new year (next grade, same section and teacher) '
      + 'and its children, and the active teachers (super_admin, principal)'))
    .query(({ ctx }) => rolloverProposal(ctx)),
  preview: managers
    .meta(rest('POST', '/api/rollover/preview', 'The new year as a plan makes it, nothing written: from_year, classes [{ class_id, '
      + 'next_class_name (null: the class leaves), next_section, next_teacher_id }] (left out: the suggestion), children [{ student_id, '
      + 'outcome: moves, held_back or leaves }] (left out: moves). Answers every class of the new year with its teacher and children, '
      + 'the leaving children, the totals and plan_limit (the refusal the commit would give, or null)'))
    .input(rolloverPlanInput).mutation(({ ctx, input }) => previewRollover(ctx, input)),
  commit: managers
    .meta(rest('POST', '/api/rollover', 'Roll the academic year over as the plan says (the preview\'s input), in one transaction; '
      + 'the ending year\'s classes, enrolments and marks are kept. 409: already_rolled_over, plan_limit, no_classes', { successStatus: 201 }))
    .input(rolloverPlanInput).mutation(({ ctx, input }) => commitRollover(ctx, input)),
  undo: managers
    .meta(rest('POST', '/api/rollover/{id}/undo', 'Undo a rollover until the new year\'s first mark: its classes and enrolments go, '
      + 'leaving children are active again. 409: undo_after_marks, undo_after_additions, already_undone'))
    .input(rolloverIdInput).mutation(({ ctx, input }) => undoRollover(ctx, input)),
});
