import { adminChurchIdInput, adminChurchListInput, adminSubscriptionInput } from '../../../../common/schemas/admin-churches.js';
import { operatorProcedure, router } from '../../../trpc/init.js';
import { rest } from '../../../rest/meta.js';
import { adminAccessLogInput } from '../../../../common/schemas/privacy.js';
import { churchAccessLog, churchDetails, listChurches, updateSubscription } from './service.js';

// Church Management of the operator console: churches of the whole
// platform and their subscriptions. Reads of a church's people are audited.
export const adminChurchesRouter = router({
  list: operatorProcedure
    .meta(rest('GET', '/api/admin/churches', 'Churches, newest first: search (name, code or email, any case), status; page, limit '
      + '(10 by default, at most 100). Answers items (the church admin view with user_count, class_count, media_count) '
      + 'and pagination {page, pages, total}; audited'))
    .input(adminChurchListInput)
    .query(({ ctx, input }) => listChurches(ctx, input)),
  details: operatorProcedure
    .meta(rest('GET', '/api/admin/churches/{id}', 'A church: the church admin view with its counts and owner email; audited'))
    .input(adminChurchIdInput)
    .query(({ ctx, input }) => churchDetails(ctx, input)),
  updateSubscription: operatorProcedure
    .meta(rest('PUT', '/api/admin/churches/{id}/subscription', 'Set the subscription: subscription_tier (free, basic, premium, lifetime), '
      + 'subscription_status (active, inactive, suspended, trial, pending_payment), subscription_end_date (YYYY-MM-DD, the last day, '
      + 'or null); audited with the old and new values'))
    .input(adminSubscriptionInput)
    .mutation(({ ctx, input }) => updateSubscription(ctx, input)),
  accessLog: operatorProcedure
    .meta(rest('GET', '/api/admin/churches/{id}/access-log', 'The church\'s access log of children\'s sensitive data, newest first '
      + '(as its super admin reads it): filter kind; page, limit (25 by default, at most 100); every read audited'))
    .input(adminAccessLogInput)
    .query(({ ctx, input }) => churchAccessLog(ctx, input)),
});
