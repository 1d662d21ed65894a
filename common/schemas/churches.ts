import { z } from 'zod';
import { plainString } from './text.js';
import { emailSchema, googleCodeSchema, googleStateSchema } from './auth.js';
import { newPasswordSchema, PASSWORD_MESSAGES } from './password.js';
import { languageSchema } from './language.js';

/** Plans a church can register on; lifetime is granted by the platform, never chosen. */
const REGISTRABLE_TIERS = ['free', 'basic', 'premium'] as const;

export const REGISTRATION_MESSAGES = {
  nameRequired: 'Church name is required',
  pincodeRequired: 'Pincode is required',
  pincodeFormat: 'Pincode must be 6 digits',
  adminNameRequired: 'Admin name is required',
  planRequired: 'Please choose a plan',
  planMismatch: 'The chosen plan does not match the subscription tier',
  passwordTooShort: PASSWORD_MESSAGES.tooShort,
  failed: 'Registration failed. Please try again.',
  freeRegistered: 'Church registered successfully! Your 30-day free trial has started.',
  paidRegistered: 'Church registered. Complete the payment to activate your plan.',
} as const;

const optionalText = (max: number, tooLong: string) => plainString().trim().max(max, tooLong).optional()
  .transform((value) => value || undefined);

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
  /** The language the registering browser shows: the welcome mail is written in it (English without it). */
  language: languageSchema.optional(),
};

/**
 * What a Google registration's form holds when the browser leaves for Google: checked before it
 * leaves, so a mistake is shown on the form and not after the round trip. The admin's name and
 * address come from the Google account; a typed name is used only when the account has none.
 */
export const googleRegistrationDraft = z.object({
  ...churchDetails,
  admin_name: optionalText(200, 'Admin name is too long'),
});

/**
 * POST /api/churches/register. With `auth_provider: "local"` the admin account is an email and a
 * password; with "google" the provider's authorization code comes as `google_token`, with the
 * `state` of the flow this browser started (POST /api/auth/google/start, intent "register").
 */
export const registerChurchInput = z.discriminatedUnion('auth_provider', [
  z.object({
    ...churchDetails,
    auth_provider: z.literal('local'),
    admin_email: emailSchema,
    admin_password: newPasswordSchema,
  }),
  googleRegistrationDraft.extend({
    auth_provider: z.literal('google'),
    google_token: googleCodeSchema,
    state: googleStateSchema,
  }),
], { error: 'Choose how the admin signs in: auth_provider "local" or "google"' })
  .refine((input) => !input.subscription_plan || input.subscription_plan === input.subscription_tier, {
    message: REGISTRATION_MESSAGES.planMismatch, path: ['subscription_plan'],
  });

export type RegisterChurchInput = z.output<typeof registerChurchInput>;
