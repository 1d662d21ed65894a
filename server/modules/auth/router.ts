import { forgotPasswordInput, loginInput } from '../../../common/schemas/auth.js';
import { MESSAGES } from '../../../common/constants.js';
import { churchSessionProcedure, router, unbatchedProcedure } from '../../trpc/init.js';
import { loginWithPassword } from './login.js';
import { revokeChurchSession } from './session.js';
import { requestPasswordReset } from './password-reset.js';

export const authRouter = router({
  login: unbatchedProcedure.input(loginInput).mutation(({ ctx, input }) => loginWithPassword(ctx, input)),

  /** Session restore (01 section 4): who am I, and is my church's subscription valid. */
  verify: churchSessionProcedure.query(({ ctx }) => ({ user: ctx.user, church: ctx.church })),

  logout: churchSessionProcedure.mutation(async ({ ctx }) => {
    await revokeChurchSession(ctx.tx, ctx.church.id, ctx.sessionId);
    return { signed_out: true };
  }),

  forgotPassword: unbatchedProcedure.input(forgotPasswordInput).mutation(async ({ ctx, input }) => {
    await requestPasswordReset(ctx, input.email);
    return { message: MESSAGES.resetLinkSent };
  }),
});
