import { operatorLoginInput } from '../../../common/schemas/auth.js';
import { operatorProcedure, router, unbatchedProcedure } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { loginOperator } from './login.js';
import { revokeOperatorSession } from './session.js';

// The operator console's sign-in and session (02 sections 2.2, 2.13 and 7.2). Operators are not
// church users: their accounts, sessions and token are their own.
export const operatorAuthRouter = router({
  login: unbatchedProcedure
    .meta(rest('POST', '/api/admin/auth/login', 'Operator sign-in with email and password; answers data.token and data.admin', { public: true }))
    .input(operatorLoginInput)
    .mutation(({ ctx, input }) => loginOperator(ctx, input)),
  verify: operatorProcedure
    .meta(rest('GET', '/api/admin/verify', 'Verify the operator session: data.admin'))
    .query(({ ctx }) => ({ admin: ctx.operator })),
  logout: operatorProcedure
    .meta(rest('POST', '/api/admin/auth/logout', 'Revoke the operator session token'))
    .mutation(async ({ ctx }) => {
      await revokeOperatorSession(ctx.tx, ctx.operatorSessionId);
      return { signed_out: true };
    }),
});
