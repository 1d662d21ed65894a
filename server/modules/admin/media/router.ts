import { router } from '../../../trpc/init.js';

// Filled in by the operator console's media work.
export const adminMediaRouter = router({});
