import { z } from 'zod';
import { isCalendarDate } from '../school.js';
import { PLAN_TIERS } from './admin-plans.js';
import { idSchema } from './classes.js';
import { pageNumber } from './paging.js';
import { plainString } from './text.js';

/** Messages of the operator console's churches, overview and analytics calls. */
export const ADMIN_CHURCH_MESSAGES = {
  churchIdInvalid: 'The church id is not valid',
  churchNotFound: 'Church not found',
  searchInvalid: 'search must be text of at most 100 characters',
  statusFilterInvalid: 'status must be active, inactive, suspended, trial or pending_payment',
  tierInvalid: 'subscription_tier must be free, basic, premium or lifetime',
  statusInvalid: 'subscription_status must be active, inactive, suspended, trial or pending_payment',
  endDateInvalid: 'subscription_end_date must be a date written YYYY-MM-DD, or null',
  subscriptionUpdated: 'Subscription updated successfully!',
  periodInvalid: 'period must be 3, 6 or 12 (months)',
} as const;

const SUBSCRIPTION_STATUSES = ['active', 'inactive', 'suspended', 'trial', 'pending_payment'] as const;

/** Churches on a page of the console, and the most a caller may ask for (the filter dropdowns load 100). */
const ADMIN_CHURCHES_PAGE_SIZE = 10;
const ADMIN_MAX_PAGE_SIZE = 100;
const MAX_PAGE = 1_000_000;

/** A query-string filter: missing or blank ("All Status") means no filter. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema.optional());

/** GET /api/admin/churches: search over name, code and email; a status; 10 a page by default. */
export const adminChurchListInput = z.object({
  search: optionalFilter(plainString({ error: ADMIN_CHURCH_MESSAGES.searchInvalid }).trim().max(100, ADMIN_CHURCH_MESSAGES.searchInvalid)),
  status: optionalFilter(z.enum(SUBSCRIPTION_STATUSES, { error: ADMIN_CHURCH_MESSAGES.statusFilterInvalid })),
  page: pageNumber(MAX_PAGE, 1),
  limit: pageNumber(ADMIN_MAX_PAGE_SIZE, ADMIN_CHURCHES_PAGE_SIZE),
}).prefault({}); // no input at all (tRPC) is no filter, the first page

export const adminChurchIdInput = z.object({ id: idSchema(ADMIN_CHURCH_MESSAGES.churchIdInvalid) });

/** PUT /api/admin/churches/{id}/subscription: any tier and status to any other; the end date a
 * calendar date, or null for none. */
export const adminSubscriptionInput = z.object({
  id: idSchema(ADMIN_CHURCH_MESSAGES.churchIdInvalid),
  subscription_tier: z.enum(PLAN_TIERS, { error: ADMIN_CHURCH_MESSAGES.tierInvalid }),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES, { error: ADMIN_CHURCH_MESSAGES.statusInvalid }),
  subscription_end_date: z.preprocess(
    (v) => (v === '' ? null : v),
    z.string({ error: ADMIN_CHURCH_MESSAGES.endDateInvalid }).refine(isCalendarDate, ADMIN_CHURCH_MESSAGES.endDateInvalid).nullable(),
  ),
});

/** The analytics periods in months: Last 3 Months, Last 6 Months (default), Last Year. */
const ANALYTICS_PERIODS = [3, 6, 12] as const;

/** GET /api/admin/analytics?period=3|6|12 (the console's '3months', '6months' and '1year' are accepted too). */
export const adminAnalyticsInput = z.object({
  period: z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      if (typeof v !== 'string') return v;
      const named: Record<string, number> = { '3months': 3, '6months': 6, '1year': 12 };
      return named[v] ?? Number(v);
    },
    z.literal(ANALYTICS_PERIODS, { error: ADMIN_CHURCH_MESSAGES.periodInvalid }).default(6),
  ),
}).prefault({});
