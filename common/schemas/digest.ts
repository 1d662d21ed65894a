import { z } from 'zod';

export const DIGEST_MESSAGES = {
  invalid: 'weekly_digest must be true or false',
} as const;

/** PUT /api/auth/digest: the signed-in principal's or super admin's weekly digest mail, on or off. */
export const setDigestInput = z.object({ weekly_digest: z.boolean({ error: DIGEST_MESSAGES.invalid }) });
