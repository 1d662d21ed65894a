import { router } from '../../../trpc/init.js';

// Filled in by the operator console's audit-logs work.
export const adminAuditLogsRouter = router({});
