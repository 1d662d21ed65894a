import { publicPrivacyNoticeInput, updatePrivacyNoticeInput } from '../../../common/schemas/privacy-notice.js';
import { capabilityProcedure, publicProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { publicPrivacyNotice, readPrivacyNotice, updatePrivacyNotice } from './service.js';

export const privacyNoticeRouter = router({
  get: capabilityProcedure('viewPrivacyNotice')
    .meta(rest('GET', '/api/privacy-notice', 'The church\'s privacy notice as parents read it, in the reader\'s language (five parts: '
      + 'controller, data_kept, purposes, retention, contact; each with written_by_church), and the parts the church wrote itself '
      + '(written, null where the template stands in)'))
    .query(({ ctx }) => readPrivacyNotice(ctx)),
  update: capabilityProcedure('editPrivacyNotice')
    .meta(rest('PUT', '/api/privacy-notice', 'Write the privacy notice (super_admin): controller (at most 1000 characters), data_kept '
      + '(2000), purposes (2000), retention (1000), contact (1000); each optional, and left out, empty or null the template stands in '
      + '(in the reader\'s language). Audited without the text'))
    .input(updatePrivacyNoticeInput).mutation(({ ctx, input }) => updatePrivacyNotice(ctx, input)),
  public: publicProcedure
    .meta(rest('GET', '/api/churches/{code}/privacy-notice', 'A church\'s privacy notice for parents, no sign-in: church_name and '
      + 'the five parts in lang (en, ml, ta, hi; default the church\'s language). An unknown code answers 404', { public: true }))
    .input(publicPrivacyNoticeInput).query(({ ctx, input }) => publicPrivacyNotice(ctx, input)),
});
