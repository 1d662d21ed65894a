import { router } from '../../trpc/init.js';
import { adminAssociationsRouter } from './associations/router.js';
import { adminAuditLogsRouter } from './audit-logs/router.js';
import { adminChurchesRouter } from './churches/router.js';
import { adminMediaRouter } from './media/router.js';
import { adminOverviewRouter } from './overview/router.js';
import { adminPaymentsRouter } from './payments/router.js';
import { adminPlansRouter } from './plans/router.js';
import { adminUsersRouter } from './users/router.js';

/**
 * The operator console's API, every procedure on `operatorProcedure`: the only
 * door that reads across churches. Its REST paths are /api/admin/..., also answered at the
 * documented /admin/... paths for requests that are not page loads (server/rest/adapter.ts).
 */
export const adminRouter = router({
  overview: adminOverviewRouter,
  churches: adminChurchesRouter,
  users: adminUsersRouter,
  media: adminMediaRouter,
  auditLogs: adminAuditLogsRouter,
  payments: adminPaymentsRouter,
  plans: adminPlansRouter,
  associations: adminAssociationsRouter,
});
