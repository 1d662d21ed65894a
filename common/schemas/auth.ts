import { z } from 'zod';
import { plainString } from './text.js';
import { CHURCH_CODE_LENGTH } from '../constants.js';

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
});

export const forgotPasswordInput = z.object({ email: emailSchema });
