import { router } from '../../../trpc/init.js';

// Filled in by the operator console's churches work.
export const adminChurchesRouter = router({});
