import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { churches, classes, media, users } from '../../../../drizzle/schema/index.js';
import type { Tx } from '../../../db/index.js';

// The platform transaction reads across churches (no row-level security). The counts of a page are
// one grouped statement per table over the page's church ids (`church_id in (...)`, the leading
// column of each table's primary key), never a subquery per church row.

export interface AdminChurchFilters {
  search?: string;
  status?: string;
}

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(filters: AdminChurchFilters): SQL | undefined {
  const pattern = filters.search ? likePattern(filters.search) : undefined;
  return and(
    pattern ? or(ilike(churches.name, pattern), ilike(churches.code, pattern), ilike(churches.email, pattern)) : undefined,
    filters.status ? eq(churches.subscriptionStatus, filters.status) : undefined,
  );
}

const CHURCH_COLUMNS = {
  id: churches.id,
  name: churches.name,
  code: churches.code,
  email: churches.email,
  phone: churches.phone,
  ownerEmail: churches.ownerEmail,
  address: churches.address,
  pincode: churches.pincode,
  subscriptionTier: churches.subscriptionTier,
  subscriptionStatus: churches.subscriptionStatus,
  subscriptionEndDate: churches.subscriptionEndDate,
  isLifetime: churches.isLifetime,
  trialExtensions: churches.trialExtensions,
  createdAt: churches.createdAt,
  updatedAt: churches.updatedAt,
};
export type AdminChurchRow = Awaited<ReturnType<typeof selectChurchPage>>[number];

/** Newest first. The search has no index to use (a contains-match over three columns); the
 * churches table is small next to the people in it. */
export function selectChurchPage(tx: Tx, filters: AdminChurchFilters, page: { limit: number; offset: number }) {
  return tx.select(CHURCH_COLUMNS).from(churches).where(whereOf(filters))
    .orderBy(desc(churches.createdAt), desc(churches.id)).limit(page.limit).offset(page.offset);
}

export async function countChurches(tx: Tx, filters: AdminChurchFilters): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(churches).where(whereOf(filters));
  return row.n;
}

export async function findChurch(tx: Tx, id: string): Promise<AdminChurchRow | undefined> {
  const [row] = await tx.select(CHURCH_COLUMNS).from(churches).where(eq(churches.id, id));
  return row;
}

/** The church row, locked until the transaction ends, as it is before a change. */
export async function lockChurch(tx: Tx, id: string) {
  const [row] = await tx.select({
    code: churches.code, tier: churches.subscriptionTier, status: churches.subscriptionStatus,
    endDate: churches.subscriptionEndDate, isLifetime: churches.isLifetime,
  }).from(churches).where(eq(churches.id, id)).for('update');
  return row;
}

/** What the console shows of a church beside its row: counts and the owner's current email. */
export interface ChurchUsage {
  userCount: number;
  classCount: number;
  mediaCount: number;
  ownerEmail: string | null;
}

/**
 * Users, classes and media items of some churches, and the email of each one's owner: four grouped
 * statements over the churches' ids, each read from the (church_id, ...) primary key.
 */
export async function usageOf(tx: Tx, churchIds: string[]): Promise<Map<string, ChurchUsage>> {
  const usage = new Map<string, ChurchUsage>(churchIds.map((id) => [id, { userCount: 0, classCount: 0, mediaCount: 0, ownerEmail: null }]));
  if (churchIds.length === 0) return usage;
  const [userRows, classRows, mediaRows, owners] = await Promise.all([
    tx.select({ churchId: users.churchId, n: count() }).from(users).where(inArray(users.churchId, churchIds)).groupBy(users.churchId),
    tx.select({ churchId: classes.churchId, n: count() }).from(classes).where(inArray(classes.churchId, churchIds)).groupBy(classes.churchId),
    tx.select({ churchId: media.churchId, n: count() }).from(media).where(inArray(media.churchId, churchIds)).groupBy(media.churchId),
    // The first owner by creation, should a church ever have two.
    tx.selectDistinctOn([users.churchId], { churchId: users.churchId, email: users.email }).from(users)
      .where(and(inArray(users.churchId, churchIds), eq(users.isChurchOwner, true)))
      .orderBy(users.churchId, users.createdAt, users.id),
  ]);
  for (const r of userRows) usage.get(r.churchId)!.userCount = r.n;
  for (const r of classRows) usage.get(r.churchId)!.classCount = r.n;
  for (const r of mediaRows) usage.get(r.churchId)!.mediaCount = r.n;
  for (const r of owners) usage.get(r.churchId)!.ownerEmail = r.email;
  return usage;
}

/**
 * An operator's subscription change. The end date is a calendar date: the church keeps its plan
 * through the whole of that day in its own time zone, so the stored instant is the start of the next
 * day there. A lifetime tier is marked lifetime (validity never looks at the end date then); any
 * other tier is not.
 */
export async function updateSubscription(
  tx: Tx, id: string, change: { tier: string; status: string; endDate: string | null },
) {
  const [row] = await tx.update(churches).set({
    subscriptionTier: change.tier,
    subscriptionStatus: change.status,
    subscriptionEndDate: change.endDate === null
      ? null
      : sql`((${change.endDate}::date + 1)::timestamp at time zone ${churches.timeZone})`,
    isLifetime: change.tier === 'lifetime',
    updatedAt: new Date(),
  }).where(eq(churches.id, id)).returning({
    tier: churches.subscriptionTier, status: churches.subscriptionStatus,
    endDate: churches.subscriptionEndDate, isLifetime: churches.isLifetime,
  });
  return row;
}
