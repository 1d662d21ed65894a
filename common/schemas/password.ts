import { z } from 'zod';
import { plainString } from './text.js';

const PASSWORD_MIN_LENGTH = 8;
/** Far longer than any password a person types; argon2 hashes anything, but a megabyte of input
 * would only cost us time. */
const PASSWORD_MAX_LENGTH = 1024;
/** A reset token is 43 URL-safe characters; anything much longer is not one of ours. */
const RESET_TOKEN_MAX_LENGTH = 256;

/** The texts of setting a password and of the password reset page, shown by the client as the server sends them. */
export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: 'Password is too long',
  confirmRequired: 'Please confirm the new password',
  mismatch: 'Passwords do not match!',
  invalidResetLink: 'Invalid or expired reset link.',
  resetSuccessful: 'Password reset successful',
} as const;

/** The password policy of every password a person sets: registration, the user forms, the reset page. */
export const newPasswordSchema = plainString({ error: PASSWORD_MESSAGES.required })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);

/** A token that cannot be one of ours is answered like an unknown one: the link is invalid. */
const resetTokenSchema = z.string({ error: PASSWORD_MESSAGES.invalidResetLink })
  .min(1, PASSWORD_MESSAGES.invalidResetLink)
  .max(RESET_TOKEN_MAX_LENGTH, PASSWORD_MESSAGES.invalidResetLink)
  .regex(/^[\w-]+$/, PASSWORD_MESSAGES.invalidResetLink);

/** POST /api/auth/reset-password: the token of the mailed link and the new password. */
export const resetPasswordInput = z.object({
  token: resetTokenSchema,
  newPassword: newPasswordSchema,
});

/** The reset page's form: the new password twice. Only `newPassword` is sent. */
export const resetPasswordForm = z.object({
  newPassword: newPasswordSchema,
  confirmPassword: z.string().min(1, PASSWORD_MESSAGES.confirmRequired),
}).refine((form) => form.newPassword === form.confirmPassword, {
  message: PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'],
});
