import { rolloverIdInput, rolloverPlanInput, rolloverSettingsInput } from '../../../common/schemas/rollover.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { commitRollover, previewRollover, rolloverProposal, undoRollover } from './service.js';
import { rolloverSettings, updateRolloverSettings } from './settings.js';

const managers = capabilityProcedure('rollOverYear');

export const rolloverRouter = router({
  proposal: managers
    .meta(rest('GET', '/api/rollover', 'The turn of the academic year the church is at (by its rollover month, GET /api/rollover/settings): '
      + 'the ending year and the new one, from which month it is offered (offered_from, YYYY-MM) and the next one is (next_offered_from), '
      + 'whether a rollover is offered (refusal: already_rolled_over, no_classes), the rollover that stands with whether it '
      + 'can be undone, each class of the ending year with the suggested class of the new year (next grade, same section; its teacher '
      + 'by each teacher choice: teachers.stay, the teacher of the ending year\'s class of that name and section; teachers.move_up, '
      + 'this class\'s own) and its children (each with final_result: the ending year\'s published final result { percentage, division, '
      + 'rank } or null, and held_back_suggested: true when that result is a fail), and the active teachers (super_admin, principal)'))
    .query(({ ctx }) => rolloverProposal(ctx)),
  preview: managers
    .meta(rest('POST', '/api/rollover/preview', 'The new year as a plan makes it, nothing written: from_year, teachers (stay: a new class gets '
      + 'the teacher of the ending year\'s class of its name and section, the default; move_up: the teacher of the class whose children '
      + 'move into it), open_lowest_class (default true: the first class of the church\'s list is made for new children, empty), classes '
      + '[{ class_id, next_class_name (null: the class leaves), next_section, next_teacher_id (null: none; left out: by teachers) }] (left '
      + 'out: the suggestion), children [{ student_id, outcome: moves, held_back or leaves }] (left out: '
      + 'held back when the child failed the ending year\'s published final result, else moves; each child answered with that final_result). Answers every class of '
      + 'the new year in school order with its teacher, children and opened_for_admissions, the leaving children, the totals and '
      + 'plan_limit (the refusal the commit would give, or null). 400 not_offered: a year that is not turning now'))
    .input(rolloverPlanInput).mutation(({ ctx, input }) => previewRollover(ctx, input)),
  commit: managers
    .meta(rest('POST', '/api/rollover', 'Roll the academic year over as the plan says (the preview\'s input), in one transaction; '
      + 'the ending year\'s classes, enrolments and marks are kept. 400 not_offered; 409: already_rolled_over, plan_limit, no_classes',
    { successStatus: 201 }))
    .input(rolloverPlanInput).mutation(({ ctx, input }) => commitRollover(ctx, input)),
  undo: managers
    .meta(rest('POST', '/api/rollover/{id}/undo', 'Undo a rollover until the new year\'s first mark: its classes and enrolments go, '
      + 'leaving children are active again. 409: undo_after_marks, undo_after_additions, already_undone'))
    .input(rolloverIdInput).mutation(({ ctx, input }) => undoRollover(ctx, input)),
  settings: managers
    .meta(rest('GET', '/api/rollover/settings', 'The month from which the rollover into the next academic year is offered: '
      + 'rollover_month (1-12; null: the academic year\'s start_month), the year turning now (from_year, to_year), from which month '
      + 'it is offered (offered_from, YYYY-MM) and the next one is (next_offered_from) (super_admin, principal)'))
    .query(({ ctx }) => rolloverSettings(ctx)),
  updateSettings: managers
    .meta(rest('PUT', '/api/rollover/settings', 'Set rollover_month: 1-12, or null for the academic year\'s start month. A month up to '
      + '6 before the start month offers the rollover that many months early (April for a June start: promotion after the annual '
      + 'exam), up to 5 after it that late. Audited; answers the settings as GET then does (super_admin, principal)'))
    .input(rolloverSettingsInput).mutation(({ ctx, input }) => updateRolloverSettings(ctx, input)),
});
