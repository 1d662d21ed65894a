import { adminPlanUpdateInput } from '../../../../common/schemas/admin-plans.js';
import { operatorProcedure, router } from '../../../trpc/init.js';
import { rest } from '../../../rest/meta.js';
import { listPlans, updatePlanOf } from './service.js';

// Plans of the operator console: prices and limits changed without a deploy. The tiers are fixed
// (free, basic, premium, lifetime): a plan is edited, never added or deleted.
export const adminPlansRouter = router({
  list: operatorProcedure
    .meta(rest('GET', '/api/admin/plans', 'The four plans: price (rupees) and price_paise, limits (-1 unlimited), storage_quota_mb, '
      + 'description, features and the version to send back with a change'))
    .query(({ ctx }) => listPlans(ctx)),
  update: operatorProcedure
    .meta(rest('PUT', '/api/admin/plans/{tier}', 'Change a plan: version (as loaded; 409 if changed meanwhile), price in rupees '
      + '(basic and premium ₹1 to ₹1,00,000; free and lifetime 0), max_principals, max_teachers, max_students, max_classes and '
      + 'storage_quota_mb (-1 unlimited), description, features. New orders use the new price, existing orders keep theirs; audited '
      + 'with the old and new values'))
    .input(adminPlanUpdateInput)
    .mutation(({ ctx, input }) => updatePlanOf(ctx, input)),
});
