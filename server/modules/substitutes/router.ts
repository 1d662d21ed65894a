import {
  absenceRefInput, assignSubstituteInput, reportAbsenceInput, rotaInput,
} from '../../../common/schemas/substitutes.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import {
  assignSubstitute, monthRota, removeAbsence, reportAbsence, substituteCandidates, todaysSubstituteClasses, upcomingAbsences,
} from './service.js';

/** A teacher reports they cannot come (their own classes); principals and super admins arrange the
 * substitutes; staff read the rota. */
export const substitutesRouter = router({
  report: capabilityProcedure('reportAbsence')
    .meta(rest('POST', '/api/substitutes/absences', 'Report "I can\'t come": date (a class day of the church, today or later) and '
      + 'class_ids (1 to 20 of the caller\'s own classes). One absence per class and date: one already reported is a 409 '
      + '(reason absence_exists) and nothing is written. Audited. Answers absences [{ id, date, class_id, class_name, section, '
      + 'absent_teacher_id, absent_teacher_name, substitute_id, substitute_name }], message', { successStatus: 201 }))
    .input(reportAbsenceInput).mutation(({ ctx, input }) => reportAbsence(ctx, input)),
  upcoming: capabilityProcedure('reportAbsence')
    .meta(rest('GET', '/api/substitutes/absences', 'The coming absences (today and later), by date: every class\'s for principals and '
      + 'super admins, the caller\'s own for a teacher; with today and the church\'s class_days (ISO weekdays)'))
    .query(({ ctx }) => upcomingAbsences(ctx)),
  candidates: capabilityProcedure('arrangeSubstitutes')
    .meta(rest('GET', '/api/substitutes/candidates', 'Who may stand in: the church\'s active teachers, principals and super admins [{ id, name, role }]'))
    .query(({ ctx }) => substituteCandidates(ctx)),
  assign: capabilityProcedure('arrangeSubstitutes')
    .meta(rest('PUT', '/api/substitutes/absences/{absence_id}/substitute', 'Choose, change or (substitute_id null) remove the '
      + 'substitute of a coming absence: an active teacher, principal or super admin of the church other than the absent teacher. '
      + 'The substitute takes the class\'s roll call on that date only. Audited. Answers the absence'))
    .input(assignSubstituteInput).mutation(({ ctx, input }) => assignSubstitute(ctx, input)),
  remove: capabilityProcedure('reportAbsence')
    .meta(rest('DELETE', '/api/substitutes/absences/{absence_id}', 'Remove a coming absence (the teacher can come after all): '
      + 'principals and super admins any, a teacher their own. Audited'))
    .input(absenceRefInput).mutation(({ ctx, input }) => removeAbsence(ctx, input)),
  rota: capabilityProcedure('viewRota')
    .meta(rest('GET', '/api/substitutes/rota', 'The rota of a month (query year, month): its class days (days [{ date, cells }]) by '
      + 'the classes of its academic year (classes), each cell { kind: teacher | substitute | uncovered, name, absent_teacher_name }'))
    .input(rotaInput).query(({ ctx, input }) => monthRota(ctx, input)),
  today: capabilityProcedure('markAttendance')
    .meta(rest('GET', '/api/substitutes/today', 'The classes the caller stands in for today (as the class list answers them)'))
    .query(({ ctx }) => todaysSubstituteClasses(ctx)),
});
