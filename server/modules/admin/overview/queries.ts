import { asc, count, gt, inArray, sql } from 'drizzle-orm';
import { churches, classes, media, students, users } from '../../../../drizzle/schema/index.js';
import { rowsOf, type Tx } from '../../../db/index.js';

// Platform-wide figures for the operator console. The platform transaction reads across churches.

/**
 * A church whose subscription is valid now, in SQL: the rule of subscriptionValidity
 * (server/modules/subscription/validity.ts) over the whole table at once. Lifetime is always valid;
 * otherwise the status must be active and the end date, if any, still ahead. The overview test
 * checks this against subscriptionValidity church by church.
 */
const VALID_NOW = sql`(${churches.isLifetime} or ${churches.subscriptionTier} = 'lifetime'
  or (${churches.subscriptionStatus} = 'active' and (${churches.subscriptionEndDate} is null or ${churches.subscriptionEndDate} > now())))`;

/** The first instant of the current month in UTC. */
const MONTH_START_UTC = sql`(date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`;

export async function churchTotals(tx: Tx) {
  const [row] = await tx.select({
    total: count(),
    active: sql<number>`(count(*) filter (where ${VALID_NOW}))::int`,
    newThisMonth: sql<number>`(count(*) filter (where ${churches.createdAt} >= ${MONTH_START_UTC}))::int`,
  }).from(churches);
  return row;
}

export async function userTotal(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(users);
  return row.n;
}

/**
 * New churches per UTC month over the last `months` months including this one, oldest first, one
 * entry per month (0 for a month without any).
 */
export async function churchGrowth(tx: Tx, months: number) {
  const result = await tx.execute(sql`
    with bounds as (select date_trunc('month', now() at time zone 'UTC') as this_month),
    series as (
      select generate_series(this_month - make_interval(months => ${months - 1}), this_month, interval '1 month') as month
      from bounds
    ),
    counted as (
      select date_trunc('month', ${churches.createdAt} at time zone 'UTC') as month, count(*)::int as n
      from ${churches}
      where ${churches.createdAt} >= ((select min(month) from series) at time zone 'UTC')
      group by 1
    )
    select to_char(series.month, 'YYYY-MM') as month, coalesce(counted.n, 0)::int as new_churches
    from series left join counted on counted.month = series.month
    order by series.month`);
  return rowsOf<{ month: string; new_churches: number }>(result);
}

/**
 * The 10 churches with the most users (ties by name), with their class counts. Ranking needs every
 * church's user count: one pass over the users' (church_id, id) key, grouped; the classes are
 * counted for those 10 churches only.
 */
export async function topChurchesByUsers(tx: Tx) {
  const result = await tx.execute(sql`
    with per_church as (
      select ${users.churchId} as church_id, count(*)::int as user_count from ${users} group by ${users.churchId}
    ),
    top as (
      select p.church_id, p.user_count, c.name, c.code
      from per_church p join ${churches} c on c.id = p.church_id
      order by p.user_count desc, c.name, c.id
      limit 10
    ),
    class_counts as (
      select ${classes.churchId} as church_id, count(*)::int as n from ${classes}
      where ${classes.churchId} in (select church_id from top) group by ${classes.churchId}
    )
    select top.church_id, top.name as church_name, top.code as church_code, top.user_count,
      coalesce(class_counts.n, 0)::int as class_count
    from top left join class_counts on class_counts.church_id = top.church_id
    order by top.user_count desc, top.name, top.church_id`);
  return rowsOf<{ church_id: string; church_name: string; church_code: string; user_count: number; class_count: number }>(result);
}

export function subscriptionCounts(tx: Tx) {
  return tx.select({
    subscription_tier: churches.subscriptionTier,
    subscription_status: churches.subscriptionStatus,
    count: count(),
  }).from(churches)
    .groupBy(churches.subscriptionTier, churches.subscriptionStatus)
    .orderBy(churches.subscriptionTier, churches.subscriptionStatus);
}

/** The next `limit` churches after `afterCode` in code order (the unique index on code). */
export function churchBatch(tx: Tx, afterCode: string | null, limit: number) {
  return tx.select({
    id: churches.id, name: churches.name, code: churches.code, tier: churches.subscriptionTier,
    status: churches.subscriptionStatus, endDate: churches.subscriptionEndDate,
  }).from(churches)
    .where(afterCode === null ? undefined : gt(churches.code, afterCode))
    .orderBy(asc(churches.code)).limit(limit);
}

export interface ReportUsage { users: number; teachers: number; students: number; classes: number; mediaBytes: number }

/** Usage of a batch of churches: one grouped statement per table over their ids. */
export async function reportUsageOf(tx: Tx, churchIds: string[]): Promise<Map<string, ReportUsage>> {
  const usage = new Map<string, ReportUsage>(churchIds.map((id) => [id, { users: 0, teachers: 0, students: 0, classes: 0, mediaBytes: 0 }]));
  if (churchIds.length === 0) return usage;
  const [userRows, studentRows, classRows, mediaRows] = await Promise.all([
    tx.select({ churchId: users.churchId, n: count(), teachers: sql<number>`(count(*) filter (where ${users.role} = 'teacher'))::int` })
      .from(users).where(inArray(users.churchId, churchIds)).groupBy(users.churchId),
    tx.select({ churchId: students.churchId, n: count() }).from(students).where(inArray(students.churchId, churchIds)).groupBy(students.churchId),
    tx.select({ churchId: classes.churchId, n: count() }).from(classes).where(inArray(classes.churchId, churchIds)).groupBy(classes.churchId),
    tx.select({ churchId: media.churchId, bytes: sql<string>`sum(${media.fileSize})::text` })
      .from(media).where(inArray(media.churchId, churchIds)).groupBy(media.churchId),
  ]);
  for (const r of userRows) Object.assign(usage.get(r.churchId)!, { users: r.n, teachers: Number(r.teachers) });
  for (const r of studentRows) usage.get(r.churchId)!.students = r.n;
  for (const r of classRows) usage.get(r.churchId)!.classes = r.n;
  for (const r of mediaRows) usage.get(r.churchId)!.mediaBytes = Number(r.bytes);
  return usage;
}
