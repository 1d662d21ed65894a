import { z } from 'zod';
import { plainString } from './text.js';
import { CHURCH_CODE_LENGTH, MESSAGES } from '../constants.js';
import { languageSchema } from './language.js';

const churchCodeSchema = plainString({ error: 'Church code is required' })
  .trim()
  .min(1, 'Church code is required')
  .max(CHURCH_CODE_LENGTH, `Church code must be at most ${CHURCH_CODE_LENGTH} characters`)
  .transform((code) => code.toUpperCase());

export const emailSchema = plainString({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));

export const loginInput = z.object({
  church_code: churchCodeSchema,
  email: emailSchema,
  password: plainString({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
  /** The language picked on the sign-in screen, if one was: it becomes the user's own. */
  language: languageSchema.optional(),
});

/** The operator console's sign-in (no church code: operators belong to no church). */
export const operatorLoginInput = z.object({
  email: emailSchema,
  password: plainString({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
});

/** How an operator's session is handed over: a bearer token in the answer (scripts, the default)
 * or an HttpOnly cookie that the page's script never sees (the console). */
export const OPERATOR_SESSION_DELIVERIES = ['token', 'cookie'] as const;

/** The second step of an operator's sign-in: the challenge of the password step and a code from the
 * authenticator app (6 digits) or one of the recovery codes. */
export const operatorSecondFactorInput = z.object({
  challenge: plainString({ error: 'Sign-in challenge is required' }).min(1, 'Sign-in challenge is required').max(200, 'Sign-in challenge is too long'),
  code: plainString({ error: 'Code is required' }).trim().min(1, 'Code is required').max(40, 'Code is too long'),
  session: z.enum(OPERATOR_SESSION_DELIVERIES).default('token'),
});
export type OperatorSecondFactorInput = z.input<typeof operatorSecondFactorInput>;

export const forgotPasswordInput = z.object({ email: emailSchema });

/** Why a Google flow was started: to sign in to a church, or to register one (its super admin). */
export type GoogleIntent = 'login' | 'register';

/** The provider's authorization code and the flow's state, as the callback screen received them. */
export const googleCodeSchema = plainString({ error: MESSAGES.googleLoginFailed })
  .min(1, MESSAGES.googleLoginFailed).max(4096, MESSAGES.googleTokenInvalid);
export const googleStateSchema = plainString({ error: MESSAGES.googleLoginFailed })
  .min(1, MESSAGES.googleLoginFailed).max(512, MESSAGES.googleLoginFailed);

/** POST /api/auth/google/start. Sign-in names its church up front (the flow is bound to it); the
 * typed address, if any, only preselects the account at Google. */
export const googleStartInput = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('login'), church_code: churchCodeSchema, email: emailSchema.optional() }),
  z.object({ intent: z.literal('register'), email: emailSchema.optional() }),
], { error: 'Choose what the Google sign-in is for: intent "login" or "register"' });
export type GoogleStartInput = z.output<typeof googleStartInput>;

/** POST /api/auth/google-login: `token` is the authorization code the provider sent back. */
export const googleLoginInput = z.object({
  church_code: churchCodeSchema,
  token: googleCodeSchema,
  state: googleStateSchema,
});
