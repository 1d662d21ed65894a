import { recordCreateInput, recordIdInput, recordUpdateInput } from '../../../common/schemas/records.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { createRecord, deleteRecord, listRecords, updateRecord } from './service.js';

// Session records are the principal's and the super admin's; every change is audited.
const managers = capabilityProcedure('manageRecords');

export const recordsRouter = router({
  list: managers
    .meta(rest('GET', '/api/records', 'Session records of the church, newest first (super_admin, principal)'))
    .query(({ ctx }) => listRecords(ctx)),
  create: managers
    .meta(rest('POST', '/api/records', 'Add a session record: academic_year, month (01-12), date, notes; created_by is the '
      + 'signed-in user (super_admin, principal)', { successStatus: 201 }))
    .input(recordCreateInput).mutation(({ ctx, input }) => createRecord(ctx, input)),
  update: managers
    .meta(rest('PUT', '/api/records/{id}', 'Edit a session record; fields left out keep their values (super_admin, principal)'))
    .input(recordUpdateInput).mutation(({ ctx, input }) => updateRecord(ctx, input)),
  delete: managers
    .meta(rest('DELETE', '/api/records/{id}', 'Delete a session record (super_admin, principal)'))
    .input(recordIdInput).mutation(({ ctx, input }) => deleteRecord(ctx, input)),
});
