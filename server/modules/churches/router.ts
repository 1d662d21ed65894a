import { registerChurchInput } from '../../../common/schemas/churches.js';
import { router, unbatchedProcedure } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { registerChurch } from './register.js';

export const churchesRouter = router({
  /** A new church, its super admin and its academic-year settings; free plans start their trial. */
  register: unbatchedProcedure
    .meta(rest('POST', '/api/churches/register', 'Register a church (free: active 30-day trial; paid: pending payment); answers data.church with its code', { public: true }))
    .input(registerChurchInput)
    .mutation(({ ctx, input }) => registerChurch(ctx, input)),
});
