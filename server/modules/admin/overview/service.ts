import type { z } from 'zod';
import { csvLines } from '../../../../common/csv.js';
import type { adminAnalyticsInput } from '../../../../common/schemas/admin-churches.js';
import type { OperatorScope } from '../../../request-scope.js';
import type { RestFile } from '../../../rest/meta.js';
import {
  churchBatch, churchGrowth, churchTotals, reportUsageOf, subscriptionCounts, topChurchesByUsers, userTotal,
} from './queries.js';

/** GET /api/admin/dashboard/stats: the four cards of the overview (02 section 2.14). "Active" is a
 * subscription valid now, as church users are admitted; "this month" is the UTC calendar month. */
export async function dashboardStats({ tx }: OperatorScope) {
  const [totals, users] = await Promise.all([churchTotals(tx), userTotal(tx)]);
  return {
    totalChurches: totals.total,
    activeChurches: totals.active,
    totalUsers: users,
    newChurchesThisMonth: totals.newThisMonth,
  };
}

/**
 * GET /api/admin/analytics: church growth over the chosen period (months, this one included), the
 * 10 churches with most users and the churches per tier and status. The period applies to the
 * growth; the other two describe the platform as it is now.
 */
export async function analytics({ tx }: OperatorScope, input: z.output<typeof adminAnalyticsInput>) {
  const [growth, top, stats] = await Promise.all([churchGrowth(tx, input.period), topChurchesByUsers(tx), subscriptionCounts(tx)]);
  return { period: input.period, churchGrowth: growth, userActivity: top, subscriptionStats: stats };
}

const REPORT_HEADER = [
  'name', 'code', 'subscription_tier', 'subscription_status', 'subscription_end_date',
  'users', 'teachers', 'students', 'classes', 'media_bytes',
] as const;
/** Churches read per round: their rows and counts are dropped once written as text. */
const REPORT_BATCH = 1000;

/**
 * GET /api/admin/reports/churches.csv: every church with its usage, in code order. The churches are
 * read in keyset batches of 1000 on the unique index of the code, each batch's counts grouped over
 * its ids, and written out as CSV text before the next batch is read: what stays in memory is the
 * text of the document, never the rows of every church. (The REST file mechanism takes a string
 * body; streaming the text too needs a body that is an async iterable, sent by the adapter.)
 */
export async function churchesReport({ tx }: OperatorScope, now = new Date()) {
  const parts = [`\uFEFF${csvLines([REPORT_HEADER])}`];
  let after: string | null = null;
  for (;;) {
    const batch = await churchBatch(tx, after, REPORT_BATCH);
    if (batch.length === 0) break;
    const usage = await reportUsageOf(tx, batch.map((c) => c.id));
    parts.push(csvLines(batch.map((c) => {
      const u = usage.get(c.id)!;
      return [c.name, c.code, c.tier, c.status, c.endDate?.toISOString() ?? '', u.users, u.teachers, u.students, u.classes, u.mediaBytes];
    })));
    if (batch.length < REPORT_BATCH) break;
    after = batch[batch.length - 1].code;
  }
  return { filename: `churches-${now.toISOString().slice(0, 10)}.csv`, body: parts.join('') } satisfies RestFile;
}
