import { z } from 'zod';
import { plainString } from './text.js';
import { emailSchema } from './auth.js';

/** Plans a church can register on; lifetime is granted by the platform, never chosen. */
const REGISTRABLE_TIERS = ['free', 'basic', 'premium'] as const;
const PASSWORD_MIN_LENGTH = 8;

export const REGISTRATION_MESSAGES = {
  nameRequired: 'Church name is required',
  pincodeRequired: 'Pincode is required',
  pincodeFormat: 'Pincode must be 6 digits',
  adminNameRequired: 'Admin name is required',
  planRequired: 'Please choose a plan',
  planMismatch: 'The chosen plan does not match the subscription tier',
  googleLoginFailed: 'Google login failed. Please try again.',
  googleDecodeFailed: 'Error decoding Google token.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  failed: 'Registration failed. Please try again.',
  freeRegistered: 'Church registered successfully! Your 30-day free trial has started.',
  paidRegistered: 'Church registered. Complete the payment to activate your plan.',
} as const;

const optionalText = (max: number, tooLong: string) => plainString().trim().max(max, tooLong).optional()
  .transform((value) => value || undefined);

/** The password policy of every password a person sets (registration, user forms, reset). */
const newPasswordSchema = plainString({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, REGISTRATION_MESSAGES.passwordTooShort)
  .max(1024, 'Password is too long');

const churchDetails = {
  name: plainString({ error: REGISTRATION_MESSAGES.nameRequired }).trim()
    .min(1, REGISTRATION_MESSAGES.nameRequired).max(200, 'Church name is too long'),
  // An Indian postal code: six digits, the first not zero.
  pincode: plainString({ error: REGISTRATION_MESSAGES.pincodeRequired }).trim()
    .min(1, REGISTRATION_MESSAGES.pincodeRequired).regex(/^[1-9]\d{5}$/, REGISTRATION_MESSAGES.pincodeFormat),
  address: optionalText(500, 'Address is too long'),
  phone: optionalText(30, 'Phone number is too long'),
  admin_name: plainString({ error: REGISTRATION_MESSAGES.adminNameRequired }).trim()
    .min(1, REGISTRATION_MESSAGES.adminNameRequired).max(200, 'Admin name is too long'),
  subscription_tier: z.enum(REGISTRABLE_TIERS, { error: REGISTRATION_MESSAGES.planRequired }),
  subscription_plan: z.enum(REGISTRABLE_TIERS, { error: REGISTRATION_MESSAGES.planRequired }).optional(),
};

/**
 * POST /api/churches/register. With `auth_provider: "local"` the admin account is an email and a
 * password; with "google" the provider's authorization code comes as `google_token`.
 */
export const registerChurchInput = z.discriminatedUnion('auth_provider', [
  z.object({
    ...churchDetails,
    auth_provider: z.literal('local'),
    admin_email: emailSchema,
    admin_password: newPasswordSchema,
  }),
  z.object({
    ...churchDetails,
    auth_provider: z.literal('google'),
    google_token: plainString({ error: REGISTRATION_MESSAGES.googleLoginFailed })
      .min(1, REGISTRATION_MESSAGES.googleLoginFailed).max(4096, REGISTRATION_MESSAGES.googleDecodeFailed),
  }),
], { error: 'Choose how the admin signs in: auth_provider "local" or "google"' })
  .refine((input) => !input.subscription_plan || input.subscription_plan === input.subscription_tier, {
    message: REGISTRATION_MESSAGES.planMismatch, path: ['subscription_plan'],
  });

export type RegisterChurchInput = z.output<typeof registerChurchInput>;
