import { adminAnalyticsInput } from '../../../../common/schemas/admin-churches.js';
import { operatorProcedure, router } from '../../../trpc/init.js';
import { rest } from '../../../rest/meta.js';
import { analytics, churchesReport, dashboardStats } from './service.js';

// The operator console's overview, analytics and reports: figures of
// the whole platform. None of them names a person, so none is audited.
export const adminOverviewRouter = router({
  stats: operatorProcedure
    .meta(rest('GET', '/api/admin/dashboard/stats', 'Overview cards: totalChurches, activeChurches (subscription valid now), '
      + 'totalUsers, newChurchesThisMonth (UTC calendar month), totalAssociations, activeAssociations, associationMemberChurches '
      + '(churches that are members of an association)'))
    .query(({ ctx }) => dashboardStats(ctx)),
  analytics: operatorProcedure
    .meta(rest('GET', '/api/admin/analytics', 'Analytics over period=3, 6 (default) or 12 months: churchGrowth [{month YYYY-MM, new_churches}] '
      + 'one per month, userActivity (top 10 churches by users, with class_count), subscriptionStats [{subscription_tier, '
      + 'subscription_status, count}]'))
    .input(adminAnalyticsInput)
    .query(({ ctx, input }) => analytics(ctx, input)),
  report: operatorProcedure
    .meta(rest('GET', '/api/admin/reports/churches.csv', 'Every church with its tier, status, end date and usage (users, teachers, '
      + 'students, classes, media_bytes) as a text/csv download; errors are JSON',
      { file: { contentType: 'text/csv; charset=utf-8', description: 'A file download (CSV)' } }))
    .query(({ ctx }) => churchesReport(ctx.db)),
});
