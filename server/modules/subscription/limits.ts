import { eq } from 'drizzle-orm';
import { churches } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';
import { MEDIA_MESSAGES } from '../../../common/media-limits.js';
import { conflict, payloadTooLarge, type AppError } from '../../core/errors.js';
import { countUsage, findPlan, storageUsedBytes, type Counted, type LimitedResource, type PlanRow } from './queries.js';

const NOUNS: Record<LimitedResource, [singular: string, plural: string]> = {
  principals: ['principal', 'principals'],
  teachers: ['teacher', 'teachers'],
  students: ['student', 'students'],
  classes: ['class', 'classes'],
};

/** The plan's limit for a resource; -1 means unlimited. */
function planLimit(plan: PlanRow, resource: LimitedResource): number {
  switch (resource) {
    case 'principals': return plan.maxPrincipals;
    case 'teachers': return plan.maxTeachers;
    case 'students': return plan.maxStudents;
    case 'classes': return plan.maxClasses;
  }
}

/** 'Your Free Trial plan allows 2 classes. Upgrade your plan to add more.' (names ending in "Plan",
 * like "Basic Plan", are not followed by a second "plan"). */
export function planLimitMessage(planName: string, limit: number, resource: LimitedResource): string {
  const [one, many] = NOUNS[resource];
  const plan = planPhrase(planName);
  return `Your ${plan} allows ${limit} ${limit === 1 ? one : many}. Upgrade your plan to add more.`;
}

/** What a plan_limit refusal carries beside its English message, for a client that says it in its
 * user's language: the plan as the English names it, its tier (whose name the client translates), the
 * limit and the resource. */
export const planLimitValues = (plan: { name: string; tier: string }, limit: number, resource: LimitedResource) =>
  ({ plan: planPhrase(plan.name), tier: plan.tier, limit, resource });

const planPhrase = (planName: string) => (/\bplan$/i.test(planName.trim()) ? planName.trim() : `${planName.trim()} plan`);

/** What the limits read of a church (its DTO has them): which plan it is on, and whether for life. */
interface ChurchPlanFacts {
  id: string;
  subscription_tier: string;
  is_lifetime: boolean;
}

const resourceOf = (counted: Exclude<LimitedResource, 'classes'> | Counted): Counted => (typeof counted === 'string' ? { resource: counted } : counted);

/**
 * The one plan-limit check, for classes, students, teachers and principals. Call it inside the tenant
 * transaction before inserting `adding` new rows of `resource`; it throws 409 (reason 'plan_limit')
 * naming the limit and the plan when the church would go over it.
 *
 * Counting is the same as GET /api/subscription/usage (`usageCounts`), so the usage page and the
 * refusal always agree. On a limited plan the church row is locked first (FOR NO KEY UPDATE, which does
 * not block inserts that merely reference the church), so parallel additions of one church are
 * counted one after the other and cannot together pass the limit. Unlimited plans take no lock.
 */
export async function assertWithinPlanLimit(
  tx: Tx,
  church: ChurchPlanFacts,
  counted: Exclude<LimitedResource, 'classes'> | Counted,
  adding = 1,
): Promise<void> {
  const refusal = await planLimitRefusal(tx, church, resourceOf(counted), adding);
  if (refusal) throw refusal;
}

/** The refusal `assertWithinPlanLimit` throws, or null when the church may add `adding` rows (the
 * church row locked as it does): for a caller that tells the user before anything is written. */
export async function planLimitRefusal(
  tx: Tx,
  church: ChurchPlanFacts,
  counted: Counted,
  adding: number,
): Promise<AppError | null> {
  const { resource } = counted;
  if (church.is_lifetime) return null;
  const plan = await findPlan(tx, church.subscription_tier);
  if (!plan) return null; // churches.subscription_tier references plans, so this does not happen
  const limit = planLimit(plan, resource);
  if (limit < 0) return null;
  await tx.select({ id: churches.id }).from(churches).where(eq(churches.id, church.id)).for('no key update');
  const used = await countUsage(tx, church.id, counted);
  if (used + adding <= limit) return null;
  return conflict(planLimitMessage(plan.name, limit, resource), { reason: 'plan_limit', values: planLimitValues(plan, limit, resource) });
}

const MB = 1024 * 1024;

/** What the church may still store in its gallery, in bytes, and the refusal once it is passed
 * (413, reason 'storage_quota', naming the plan and its quota); unlimited: no `bytes` limit. */
export async function storageLeft(tx: Tx, church: ChurchPlanFacts): Promise<{ bytes: number; refusal: () => AppError }> {
  const plan = church.is_lifetime ? undefined : await findPlan(tx, church.subscription_tier);
  const quotaMb = plan?.storageQuotaMb ?? -1;
  const refusal = () => payloadTooLarge(MEDIA_MESSAGES.storageFull(planPhrase(plan?.name ?? ''), quotaMb), { reason: 'storage_quota' });
  if (quotaMb < 0) return { bytes: Infinity, refusal };
  return { bytes: quotaMb * MB - await storageUsedBytes(tx, church.id), refusal };
}

/**
 * The storage quota checked where the rows of an upload are written, after its files were stored:
 * the church row is locked first (as for the other limits), so two uploads of one church that each
 * fitted when they started are counted one after the other here, and the second one over the quota
 * is refused (its caller removes its files). Unlimited plans take no lock.
 */
export async function assertWithinStorageQuota(tx: Tx, church: ChurchPlanFacts, addingBytes: number): Promise<void> {
  if (church.is_lifetime) return;
  const plan = await findPlan(tx, church.subscription_tier);
  if (!plan || plan.storageQuotaMb < 0) return;
  await tx.select({ id: churches.id }).from(churches).where(eq(churches.id, church.id)).for('no key update');
  const left = await storageLeft(tx, church);
  if (addingBytes > left.bytes) throw left.refusal();
}

/**
 * How many more rows of `resource` the church's plan allows (null: unlimited), counted as
 * `assertWithinPlanLimit` counts. With `lock`, the church row is locked first, as that check does,
 * so a caller adding several rows at once (the student import) is counted after any parallel addition.
 */
export async function planRoom(
  tx: Tx, church: ChurchPlanFacts, resource: Exclude<LimitedResource, 'classes'>, { lock }: { lock: boolean },
): Promise<{ left: number | null; values?: Record<string, string | number> }> {
  if (church.is_lifetime) return { left: null };
  const plan = await findPlan(tx, church.subscription_tier);
  const limit = plan ? planLimit(plan, resource) : -1;
  if (!plan || limit < 0) return { left: null };
  if (lock) await tx.select({ id: churches.id }).from(churches).where(eq(churches.id, church.id)).for('no key update');
  const used = await countUsage(tx, church.id, { resource });
  return { left: Math.max(0, limit - used), values: planLimitValues(plan, limit, resource) };
}
