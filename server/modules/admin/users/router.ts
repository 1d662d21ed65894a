import { router } from '../../../trpc/init.js';

// Filled in by the operator console's users work.
export const adminUsersRouter = router({});
