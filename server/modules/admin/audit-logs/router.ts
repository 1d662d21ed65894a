import { adminAuditLogListInput } from '../../../../common/schemas/admin-people.js';
import { operatorProcedure, router } from '../../../trpc/init.js';
import { rest } from '../../../rest/meta.js';
import { listAuditLog } from './service.js';

// The audit log of operators' and church users' changes and of operators' reads.
export const adminAuditLogsRouter = router({
  list: operatorProcedure
    .meta(rest('GET', '/api/admin/audit-logs', 'The newest audit entries: filters church_id, association_id and action; limit 5, 25 '
      + '(default), 50 or 100; each with church_name/church_code or association_name/association_code'))
    .input(adminAuditLogListInput)
    .query(({ ctx, input }) => listAuditLog(ctx, input)),
});
