import { z } from 'zod';
import { PRIVACY_NOTICE_MAX, PRIVACY_NOTICE_PARTS, type PrivacyNoticePart } from '../consent.js';
import { CHURCH_CODE_LENGTH } from '../constants.js';
import { languageSchema } from './language.js';
import { plainString } from './text.js';

const LABEL: Record<PrivacyNoticePart, string> = {
  controller: 'Who we are', data_kept: 'What we keep', purposes: 'Why we keep it', retention: 'How long we keep it', contact: 'Whom to ask',
};

export const PRIVACY_NOTICE_MESSAGES = {
  tooLong: (part: PrivacyNoticePart) => `${LABEL[part]} must be at most ${PRIVACY_NOTICE_MAX[part]} characters`,
  invalid: (part: PrivacyNoticePart) => `${LABEL[part]} must be text`,
  saved: 'Privacy notice saved',
  churchNotFound: 'No church has this code',
} as const;

/** One part as the super admin writes it: trimmed, and empty (or null) means "the template stands in". */
const partSchema = (part: PrivacyNoticePart) => plainString({ error: PRIVACY_NOTICE_MESSAGES.invalid(part) })
  .trim()
  .max(PRIVACY_NOTICE_MAX[part], PRIVACY_NOTICE_MESSAGES.tooLong(part))
  .nullish()
  .transform((value) => (value ? value : null));

/** The public page of a church's notice (the client's route), the address parents are given. */
export const noticePagePath = (code: string) => `/privacy/${encodeURIComponent(code)}`;

/** PUT /api/privacy-notice: each of the five parts, optional; left out, empty or null: the template. */
export const updatePrivacyNoticeInput = z.object(
  Object.fromEntries(PRIVACY_NOTICE_PARTS.map((part) => [part, partSchema(part)])) as Record<PrivacyNoticePart, ReturnType<typeof partSchema>>,
);

/** GET /api/churches/{code}/privacy-notice?lang=xx: anyone, by the church's code. */
export const publicPrivacyNoticeInput = z.object({
  code: plainString({ error: PRIVACY_NOTICE_MESSAGES.churchNotFound }).trim().min(1, PRIVACY_NOTICE_MESSAGES.churchNotFound)
    .max(CHURCH_CODE_LENGTH, PRIVACY_NOTICE_MESSAGES.churchNotFound).transform((code) => code.toUpperCase()),
  lang: languageSchema.optional(),
});
