import { registerChurchInput } from '../../../common/schemas/churches.js';
import { setLanguageInput } from '../../../common/schemas/language.js';
import { capabilityProcedure, router, unbatchedProcedure } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { registerChurch } from './register.js';
import { setDefaultLanguage } from './language.js';

export const churchesRouter = router({
  /** A new church, its super admin and its academic-year settings; free plans start their trial. */
  register: unbatchedProcedure
    .meta(rest('POST', '/api/churches/register', 'Register a church (free: active 30-day trial; paid: pending payment); answers data.church with its code', { public: true }))
    .input(registerChurchInput)
    .mutation(({ ctx, input }) => registerChurch(ctx, input)),

  /** The language of the church's users who chose none (and of their mails). Audited. */
  setDefaultLanguage: capabilityProcedure('configureLanguage')
    .meta(rest('PUT', '/api/churches/language', 'Set the church\'s default language, spoken to its users who chose none: language "en", "ml", "ta" or "hi" (super_admin); answers data.default_language'))
    .input(setLanguageInput)
    .mutation(({ ctx, input }) => setDefaultLanguage(ctx, input.language)),
});
