import { operatorLoginInput, operatorSecondFactorInput } from '../../../common/schemas/auth.js';
import { operatorProcedure, publicProcedure, router, unbatchedProcedure } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { loginOperator } from './login.js';
import { completeOperatorSignIn } from './second-factor.js';
import { clearOperatorCookie, consoleSession } from './session-cookie.js';
import { csrfTokenOf, revokeOperatorSession } from './session.js';

// The operator console's sign-in and session. Operators are not church users: their accounts,
// sessions and token are their own, and they sign in with a password and then a second factor.
export const operatorAuthRouter = router({
  login: unbatchedProcedure
    .meta(rest('POST', '/api/admin/auth/login', 'Operator sign-in, first step: email and password; answers data.challenge for the second factor (and, for an operator not yet enrolled, data.enrolment: the TOTP secret and its otpauth URI)', { public: true }))
    .input(operatorLoginInput)
    .mutation(({ ctx, input }) => loginOperator(ctx, input)),
  secondFactor: unbatchedProcedure
    .meta(rest('POST', '/api/admin/auth/second-factor', 'Operator sign-in, second step: the challenge and a TOTP code or a recovery code; answers data.token (session "token", the default) or sets the console cookie and answers data.csrf_token (session "cookie"); data.recovery_codes once, at enrolment', { public: true }))
    .input(operatorSecondFactorInput)
    .mutation(({ ctx, input }) => completeOperatorSignIn(ctx, input)),
  verify: operatorProcedure
    .meta(rest('GET', '/api/admin/verify', 'Verify the operator session: data.admin (and data.csrf_token for the console cookie)'))
    .query(({ ctx }) => ({
      admin: ctx.operator,
      csrf_token: ctx.operatorCredential.via === 'cookie' ? csrfTokenOf(ctx.operatorCredential.token) : null,
    })),
  /** The console's check at load: the session of its cookie, or `admin: null` (not a 401: a console
   * opened signed out is not an error). Scripts use verify. */
  session: publicProcedure
    .meta(rest('GET', '/api/admin/session', 'The console\'s session: data.admin and data.csrf_token of its cookie (or bearer token), or data.admin null when signed out', { public: true }))
    .query(({ ctx }) => consoleSession(ctx)),
  logout: operatorProcedure
    .meta(rest('POST', '/api/admin/auth/logout', 'End the operator session (the token, or the console cookie, which is cleared)'))
    .mutation(async ({ ctx }) => {
      await revokeOperatorSession(ctx.tx, ctx.operatorSessionId);
      if (ctx.operatorCredential.via === 'cookie') clearOperatorCookie(ctx);
      return { signed_out: true };
    }),
});
