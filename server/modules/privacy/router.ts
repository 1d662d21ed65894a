import { accessLogInput, eraseStudentInput, keepStudentInput, retentionInput } from '../../../common/schemas/privacy.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { churchAccessLog } from './access-log.js';
import { eraseStudent } from './erasure.js';
import { erasureJournalIn } from './erasure-journal.js';
import { keepCandidate, listErasureCandidates, retentionSetting, updateRetentionSetting } from './retention.js';

/** Erasure and retention are for those answerable for the children; the access log for the church's owner. */
const retention = capabilityProcedure('manageRetention');

export const privacyRouter = router({
  erase: capabilityProcedure('eraseStudents')
    .meta(rest('POST', '/api/students/{id}/erase', 'Erase a child\'s data for good (no undo): confirm_name must be the child\'s name '
      + 'exactly (else 400). Attendance marks stay under a new random id (class totals and calendars unchanged), media showing '
      + 'only this child and family export files are deleted, every other row of the child goes, earlier audit entries about '
      + 'the child are redacted, and one audit entry student.erased names neither the child nor the id (super_admin, principal)'))
    .input(eraseStudentInput).mutation(({ ctx, input }) => eraseStudent(ctx, {
      childData: ctx.services.childData, db: ctx.db, storage: ctx.services.mediaStorage, journal: erasureJournalIn(ctx.config.BACKUP_DIR),
    }, input)),
  retention: retention
    .meta(rest('GET', '/api/privacy/retention', 'How many years a child not seen is kept before being offered for erasure (years, 1-10; 3 unless set)'))
    .query(({ ctx }) => retentionSetting(ctx)),
  updateRetention: retention
    .meta(rest('PUT', '/api/privacy/retention', 'Set the retention years (1-10) (super_admin, principal); audited'))
    .input(retentionInput).mutation(({ ctx, input }) => updateRetentionSetting(ctx, input.years)),
  erasureCandidates: retention
    .meta(rest('GET', '/api/privacy/erasure-candidates', 'Children not seen for the retention years: last attendance mark older than '
      + 'that, or never marked and added before that; those kept within the past year left out. Each: student_id, name, class, '
      + 'last_seen (null: never marked). Nothing is erased from here (super_admin, principal)'))
    .query(({ ctx }) => listErasureCandidates(ctx)),
  keep: retention
    .meta(rest('POST', '/api/privacy/erasure-candidates/{id}/keep', 'Keep a child offered for erasure: offered again a year from now; audited'))
    .input(keepStudentInput).mutation(({ ctx, input }) => keepCandidate(ctx, input)),
  accessLog: capabilityProcedure('viewAccessLog')
    .meta(rest('GET', '/api/privacy/access-log', 'The access log of children\'s sensitive data, newest first: kind (medical_note, export, '
      + 'consent_records), student_id and student_name ("Erased child" once erased), reader_id, reader_name, reader_role, read_at; '
      + 'filters kind, student_id; page, limit (25 by default, at most 100). Entries are never deleted (super_admin)'))
    .input(accessLogInput).query(({ ctx, input }) => churchAccessLog(ctx, input)),
});
