import { studentImportInput } from '../../../common/student-import.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { importStudents } from './import-service.js';

const staff = capabilityProcedure('manageStudents');

/** The import's procedure, served under `students` (server/root.ts merges it into the students router). */
export const studentImportRouter = router({
  import: staff
    .meta(rest('POST', '/api/students/import', 'Import students into one class: class_id and rows (the values of the rows '
      + 'POST /api/students/import/preview marked new: name, date_of_birth, parent_phone, parent_email, roll_number and the guardian '
      + 'columns guardian_name, guardian_relation, guardian_phone, guardian_whatsapp, guardian_consent) and optionally columns (for each '
      + 'field the header of its column, or null: remembered for the church\'s next preview). Phones are stored in E.164; a guardian '
      + 'who agreed to be contacted is recorded as a messages consent answer. Every row is checked again; all are added in one transaction or none (400 naming the refused lines); 409 (plan_limit) when the plan '
      + 'allows fewer students than the rows', { successStatus: 201 }))
    .input(studentImportInput).mutation(({ ctx, input }) => importStudents(ctx, input)),
});
