import { router } from '../../../trpc/init.js';

// Filled in by the operator console's overview work.
export const adminOverviewRouter = router({});
