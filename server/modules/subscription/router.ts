import { churchIdPathInput } from '../../../common/schemas/payments.js';
import { churchPayerProcedure, churchSessionProcedure, publicProcedure, router } from '../../trpc/init.js';
import { changeToFreePeriod } from './changes.js';
import { rest } from '../../rest/meta.js';
import { toPlanDto } from './dto.js';
import { findPlan, listPlans, storageUsedBytes, usageCounts } from './queries.js';
import { academicYearSettings } from '../academic-year/index.js';

export const subscriptionRouter = router({
  /** GET /api/subscription/plans: every plan, keyed by tier. */
  plans: publicProcedure
    .meta(rest('GET', '/api/subscription/plans', 'Plans keyed by tier, with price in rupees and paise and limits (-1 unlimited)', { public: true }))
    .query(async ({ ctx }) => {
    const rows = await ctx.db.withPlatform((tx) => listPlans(tx));
    return Object.fromEntries(rows.map((plan) => [plan.tier, toPlanDto(plan)]));
  }),

  /** The church's plan and validity; reachable with an invalid subscription (the /subscription page). */
  current: churchSessionProcedure
    .meta(rest('GET', '/api/subscription/current', 'The church, its subscription validity and its plan'))
    .query(async ({ ctx }) => {
    const plan = await findPlan(ctx.tx, ctx.church.subscription_tier);
    return { church: ctx.church, plan: plan ? toPlanDto(plan) : null };
  }),

  /** GET /api/subscription/usage: counts and the plan's limits (-1 unlimited). */
  usage: churchSessionProcedure
    .meta(rest('GET', '/api/subscription/usage', 'Usage counts (principals, teachers, students, and the classes of the current academic year), the plan limits, and the gallery storage used and allowed (MB, -1 unlimited)'))
    .query(async ({ ctx }) => {
    const { current } = await academicYearSettings(ctx);
    const [usage, plan, storedBytes] = await Promise.all([
      usageCounts(ctx.tx, ctx.church.id, current), findPlan(ctx.tx, ctx.church.subscription_tier), storageUsedBytes(ctx.tx, ctx.church.id),
    ]);
    return {
      storage: { used_bytes: storedBytes, quota_mb: ctx.church.is_lifetime ? -1 : (plan?.storageQuotaMb ?? null) },
      usage,
      limits: plan
        ? { principals: plan.maxPrincipals, teachers: plan.maxTeachers, students: plan.maxStudents, classes: plan.maxClasses }
        : null,
      tier: ctx.church.subscription_tier,
    };
  }),

  downgradeToFree: churchPayerProcedure
    .meta(rest('POST', '/api/churches/downgrade-to-free/{id}', 'Move the church to the Free Trial (super admin of that church); nothing is deleted'))
    .input(churchIdPathInput)
    .mutation(({ ctx, input }) => changeToFreePeriod(ctx, input.id, 'downgrade')),

  extendTrial: churchPayerProcedure
    .meta(rest('POST', '/api/churches/{id}/extend-trial', 'A new free period for a church on the Free Trial (super admin of that church)'))
    .input(churchIdPathInput)
    .mutation(({ ctx, input }) => changeToFreePeriod(ctx, input.id, 'extend')),
});
