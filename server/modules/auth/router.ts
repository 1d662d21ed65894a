import { forgotPasswordInput, googleLoginInput, googleStartInput, loginInput } from '../../../common/schemas/auth.js';
import { MESSAGES } from '../../../common/constants.js';
import { resetPasswordInput } from '../../../common/schemas/password.js';
import { setLanguageInput } from '../../../common/schemas/language.js';
import { churchSessionProcedure, publicProcedure, router, unbatchedProcedure } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { loginWithPassword } from './login.js';
import { loginWithGoogle } from './google-login.js';
import { revokeChurchSession } from './session.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { signInOptions, startGoogleFlow } from '../google-identity/index.js';
import { setOwnLanguage } from './language.js';

export const authRouter = router({
  login: unbatchedProcedure
    .meta(rest('POST', '/api/auth/login', 'Sign in with church code, email and password; answers data.kind "church", data.token, data.user, data.church; with an association\'s code, its officer signs in: data.kind "association", data.token, data.officer, data.association', { public: true }))
    .input(loginInput)
    .mutation(({ ctx, input }) => loginWithPassword(ctx, input)),

  signInOptions: publicProcedure
    .meta(rest('GET', '/api/auth/sign-in-options', 'Which sign-ins this server offers: data.google is true once Google sign-in is configured (then Gmail addresses sign in with Google only)', { public: true }))
    .query(({ ctx }) => signInOptions(ctx.services)),

  /** Sign-in with Google, step 1: the provider's address for a full-page redirect, and the flow's
   * cookie. A POST answering JSON (not a GET redirect) so that "not configured" or a throttle is
   * shown on the sign-in or registration form, which the browser leaves only when there is somewhere
   * to go, and so the form can keep its values for the way back. */
  googleStart: unbatchedProcedure
    .meta(rest('POST', '/api/auth/google/start', 'Start Google sign-in (intent "login" with church_code) or Google registration (intent "register"): answers data.authorization_url and sets the flow\'s short-lived HttpOnly cookie; 503 when Google is not configured', { public: true }))
    .input(googleStartInput)
    .mutation(({ ctx, input }) => startGoogleFlow(ctx, input)),

  /** Sign-in with Google, step 2: the callback screen posts the code and state it received. */
  googleLogin: unbatchedProcedure
    .meta(rest('POST', '/api/auth/google-login', 'Sign in with Google: the authorization code as token, the state and the church code of a flow this browser started (an association\'s code signs its officer in); answers as /api/auth/login', { public: true }))
    .input(googleLoginInput)
    .mutation(({ ctx, input }) => loginWithGoogle(ctx, input)),

  /** Session restore: who am I, and is my church's subscription valid. */
  verify: churchSessionProcedure
    .meta(rest('GET', '/api/auth/verify', 'Verify the session: the signed-in user and the church with its subscription validity'))
    .query(({ ctx }) => ({ user: ctx.user, church: ctx.church })),

  /** The signed-in user's own language (any role, guests too; a lapsed subscription too, so its
   * screens speak it). */
  setLanguage: churchSessionProcedure
    .meta(rest('PUT', '/api/auth/language', 'Set the signed-in user\'s own language: language "en", "ml", "ta" or "hi"; answers data.language'))
    .input(setLanguageInput)
    .mutation(({ ctx, input }) => setOwnLanguage(ctx, input.language)),

  logout: churchSessionProcedure
    .meta(rest('POST', '/api/auth/logout', 'Revoke the session token'))
    .mutation(async ({ ctx }) => {
      await revokeChurchSession(ctx.tx, ctx.church.id, ctx.sessionId);
      return { signed_out: true };
    }),

  forgotPassword: unbatchedProcedure
    .meta(rest('POST', '/api/auth/forgot-password', 'Send a password reset link to each church user and association officer with this address; the answer is the same whether or not the address exists', { public: true }))
    .input(forgotPasswordInput)
    .mutation(async ({ ctx, input }) => {
      await requestPasswordReset(ctx, input.email);
      return { message: MESSAGES.resetLinkSent };
    }),

  resetPassword: unbatchedProcedure
    .meta(rest('POST', '/api/auth/reset-password', 'Set a new password with the token of a reset link (once, within an hour); ends every session of that user or association officer', { public: true }))
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetPassword(ctx, input)),
});
