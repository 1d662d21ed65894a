import type { z } from 'zod';
import { csvLines } from '../../../../common/csv.js';
import type { adminAnalyticsInput } from '../../../../common/schemas/admin-churches.js';
import type { Database } from '../../../db/index.js';
import type { OperatorScope } from '../../../core/scopes.js';
import type { RestFile } from '../../../rest/meta.js';
import { associationTotals } from '../associations/index.js';
import {
  churchBatch, churchGrowth, churchTotals, reportUsageOf, subscriptionCounts, topChurchesByUsers, userTotal,
} from './queries.js';

/** GET /api/admin/dashboard/stats: the cards of the overview (associations: all, active, and the
 * churches that are members of one). "Active" is a
 * subscription valid now, as church users are admitted; "this month" is the UTC calendar month. */
export async function dashboardStats({ tx }: OperatorScope) {
  const [totals, users, associations] = await Promise.all([churchTotals(tx), userTotal(tx), associationTotals(tx)]);
  return {
    totalChurches: totals.total,
    activeChurches: totals.active,
    totalUsers: users,
    newChurchesThisMonth: totals.newThisMonth,
    totalAssociations: associations.total,
    activeAssociations: associations.active,
    associationMemberChurches: associations.memberChurches,
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
 * GET /api/admin/reports/churches.csv: every church with its usage, in code order, streamed. The
 * operator's door has checked the session and closed its transaction by the time the download is
 * sent; the churches are then read in keyset batches of 1000 on the unique index of the code, each
 * in a short platform transaction of its own with its counts grouped over its ids, and each batch
 * is sent as CSV text before the next is read: neither the rows nor the text of every church sit in
 * memory, and no transaction stays open while a slow client downloads. (So the file is not one
 * snapshot: a church changed while the report is sent may show its old or its new values.)
 */
export function churchesReport(db: Database, now = new Date()): RestFile {
  return { filename: `churches-${now.toISOString().slice(0, 10)}.csv`, body: () => reportParts(db) };
}

async function* reportParts(db: Database): AsyncGenerator<string> {
  yield `\uFEFF${csvLines([REPORT_HEADER])}`;
  let after: string | null = null;
  for (;;) {
    const batch = await db.withPlatform(async (tx) => {
      const churches = await churchBatch(tx, after, REPORT_BATCH);
      return { churches, usage: await reportUsageOf(tx, churches.map((c) => c.id)) };
    });
    if (batch.churches.length === 0) return;
    yield csvLines(batch.churches.map((c) => {
      const u = batch.usage.get(c.id)!;
      return [c.name, c.code, c.tier, c.status, c.endDate?.toISOString() ?? '', u.users, u.teachers, u.students, u.classes, u.mediaBytes];
    }));
    if (batch.churches.length < REPORT_BATCH) return;
    after = batch.churches[batch.churches.length - 1].code;
  }
}
