import {
  consentAnswerInput, consentLinkInput, consentLinkRefInput, consentPageInput, recordConsentInput, studentConsentsInput,
} from '../../../common/schemas/consent.js';
import { capabilityProcedure, publicProcedure, router, unbatchedProcedure } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import {
  answerConsentLink, consentSummary, createConsentLink, openConsentLink, openConsentLinks, recordConsent, revokeConsentLink,
  studentConsents,
} from './service.js';

/** Whoever may reach the child reads their consent (a teacher: their own classes' children, the rule
 * applied in the handler) and records answers; the church's figures are for those who run it. */
const readers = capabilityProcedure('viewSafetyCards');
const recorders = capabilityProcedure('recordConsent');

export const consentRouter = router({
  forStudent: readers
    .meta(rest('GET', '/api/students/{id}/consents', 'The child\'s consent: per purpose (enrolment, photos, messages) the answer in force '
      + '(state given, withdrawn or none, with who, when and how), and every answer, newest first; each read is logged'))
    .input(studentConsentsInput).query(({ ctx, input }) => studentConsents(ctx, input)),
  record: recorders
    .meta(rest('POST', '/api/students/{id}/consents', 'Record answers collected on paper or in person: guardian_id (one of the child\'s '
      + 'guardians), method (paper_form, in_person), answers { enrolment?, photos?, messages? } (true given, false withdrawn; at least '
      + 'one). Each answer is a new record; a messages answer also sets that guardian\'s contact_consent. Audited', { successStatus: 201 }))
    .input(recordConsentInput).mutation(({ ctx, input }) => recordConsent(ctx, input)),
  createLink: recorders
    .meta(rest('POST', '/api/students/{id}/consent-links', 'Make a consent link for one of the child\'s guardians (guardian_id): '
      + 'url (valid 7 days, once), expires_at, language (the guardian\'s, else the church\'s), whatsapp_url (wa.me with a message holding '
      + 'the link) when the guardian has WhatsApp, else null. The guardian\'s earlier open links of the child stop working '
      + '(one open link per guardian). Audited', { successStatus: 201 }))
    .input(consentLinkInput).mutation(({ ctx, input }) => createConsentLink(ctx, ctx.config.PUBLIC_URL, input)),
  openLinks: recorders
    .meta(rest('GET', '/api/students/{id}/consent-links', 'The child\'s consent links that may still be answered (not used, expired or '
      + 'revoked), newest first: id, guardian_id, guardian_name, language, created_at, created_by_name, expires_at'))
    .input(studentConsentsInput).query(({ ctx, input }) => openConsentLinks(ctx, input)),
  revokeLink: recorders
    .meta(rest('POST', '/api/consent-links/{id}/revoke', 'Stop a consent link before it is answered: its page then answers 410. '
      + '404 for a link of a child the caller cannot reach; 409 once it was answered, has expired or was revoked. Audited'))
    .input(consentLinkRefInput).mutation(({ ctx, input }) => revokeConsentLink(ctx, input)),
  summary: capabilityProcedure('viewConsentSummary')
    .meta(rest('GET', '/api/consent/summary', 'Children of the current academic year (active) without enrolment consent in force, in all '
      + 'and per class (super_admin, principal)'))
    .query(({ ctx }) => consentSummary(ctx)),
  page: publicProcedure
    .meta(rest('GET', '/api/consent/{token}', 'The public consent page of a link (no sign-in): church_name, church_code, child_name '
      + '(first name), guardian_name, language, the privacy notice (its five parts; query lang chooses en, ml, ta or hi), purposes, '
      + 'expires_at. 404 unknown, 409 already answered, 410 expired, revoked, replaced by a newer link or sent to someone no longer '
      + 'the child\'s guardian; per address 20 unknown or expired tokens per 15 minutes, per link 30 requests per 15 minutes', { public: true }))
    .input(consentPageInput).query(({ ctx, input }) => openConsentLink(ctx, input)),
  answer: unbatchedProcedure
    .meta(rest('POST', '/api/consent/{token}', 'A guardian answers a consent link (no sign-in): confirms_parent and confirms_adult '
      + '(both true), enrolment, photos, messages (true or false). Recorded with the link, address and browser; the link is used once '
      + '(409 after). 404 unknown, 410 expired, revoked, replaced or sent to someone no longer the child\'s guardian; the same limits '
      + 'as the page', { public: true }))
    .input(consentAnswerInput).mutation(({ ctx, input }) => answerConsentLink(ctx, input)),
});
