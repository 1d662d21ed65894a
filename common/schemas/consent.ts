import { z } from 'zod';
import { CONSENT_MESSAGES as M, STAFF_CONSENT_METHODS } from '../consent.js';
import { plainString } from './text.js';
import { idSchema } from './classes.js';
import { languageSchema } from './language.js';
import { STUDENT_MESSAGES } from './students.js';

const studentId = idSchema(STUDENT_MESSAGES.idInvalid);
const guardianId = idSchema(M.guardianRequired);
const answer = z.boolean({ error: M.answerInvalid });

/** GET /api/students/{id}/consents. */
export const studentConsentsInput = z.object({ id: studentId });

/** POST /api/students/{id}/consents: answers staff collected on paper or in person; at least one. */
export const recordConsentInput = z.object({
  id: studentId,
  guardian_id: guardianId,
  method: z.enum(STAFF_CONSENT_METHODS, { error: M.methodInvalid }),
  answers: z.object({ enrolment: answer.optional(), photos: answer.optional(), messages: answer.optional() }, { error: M.answerRequired })
    .refine((a) => a.enrolment !== undefined || a.photos !== undefined || a.messages !== undefined, M.answerRequired),
});

/** POST /api/students/{id}/consent-links. */
export const consentLinkInput = z.object({ id: studentId, guardian_id: guardianId });

/** POST /api/consent-links/{id}/revoke. */
export const consentLinkRefInput = z.object({ id: idSchema(M.linkIdInvalid) });

/** A link's token: 32 random bytes in base64url (43 characters); anything else is not a link. */
const tokenSchema = plainString({ error: M.linkNotFound }).trim().regex(/^[A-Za-z0-9_-]{43}$/, M.linkNotFound);

/** GET /api/consent/{token}; `lang` chooses another language than the link's. */
export const consentPageInput = z.object({ token: tokenSchema, lang: languageSchema.optional() });

/** POST /api/consent/{token}: the guardian's three answers and the two confirmations, both true. */
export const consentAnswerInput = z.object({
  token: tokenSchema,
  confirms_parent: z.literal(true, { error: M.confirmationsRequired }),
  confirms_adult: z.literal(true, { error: M.confirmationsRequired }),
  enrolment: answer,
  photos: answer,
  messages: answer,
});
