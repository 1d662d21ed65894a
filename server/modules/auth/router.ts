import { forgotPasswordInput, loginInput } from '../../../common/schemas/auth.js';
import { MESSAGES } from '../../../common/constants.js';
import { churchSessionProcedure, router, unbatchedProcedure } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { loginWithPassword } from './login.js';
import { revokeChurchSession } from './session.js';
import { requestPasswordReset } from './password-reset.js';

export const authRouter = router({
  login: unbatchedProcedure
    .meta(rest('POST', '/api/auth/login', 'Sign in with church code, email and password; answers data.token, data.user, data.church', { public: true }))
    .input(loginInput)
    .mutation(({ ctx, input }) => loginWithPassword(ctx, input)),

  /** Session restore: who am I, and is my church's subscription valid. */
  verify: churchSessionProcedure
    .meta(rest('GET', '/api/auth/verify', 'Verify the session: the signed-in user and the church with its subscription validity'))
    .query(({ ctx }) => ({ user: ctx.user, church: ctx.church })),

  logout: churchSessionProcedure
    .meta(rest('POST', '/api/auth/logout', 'Revoke the session token'))
    .mutation(async ({ ctx }) => {
      await revokeChurchSession(ctx.tx, ctx.church.id, ctx.sessionId);
      return { signed_out: true };
    }),

  forgotPassword: unbatchedProcedure
    .meta(rest('POST', '/api/auth/forgot-password', 'Send a password reset link; the answer is the same whether or not the address exists', { public: true }))
    .input(forgotPasswordInput)
    .mutation(async ({ ctx, input }) => {
      await requestPasswordReset(ctx, input.email);
      return { message: MESSAGES.resetLinkSent };
    }),
});
