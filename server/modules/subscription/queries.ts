import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { classes, media, plans, students, users } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';

export type PlanRow = typeof plans.$inferSelect;

export const listPlans = (tx: Tx) => tx.select().from(plans).orderBy(asc(plans.sortOrder));

export async function findPlan(tx: Tx, tier: string): Promise<PlanRow | undefined> {
  const [plan] = await tx.select().from(plans).where(eq(plans.tier, tier));
  return plan;
}

/** Counts of what plan limits apply to, for the church of the transaction (RLS filters). */
export async function usageCounts(tx: Tx) {
  const [roleCounts, [classCount], [studentCount]] = await Promise.all([
    tx.select({ role: users.role, n: count() }).from(users)
      .where(inArray(users.role, ['principal', 'teacher'])).groupBy(users.role),
    tx.select({ n: count() }).from(classes),
    tx.select({ n: count() }).from(students),
  ]);
  const byRole = Object.fromEntries(roleCounts.map((r) => [r.role, r.n]));
  return {
    principals: byRole.principal ?? 0,
    teachers: byRole.teacher ?? 0,
    students: studentCount.n,
    classes: classCount.n,
  };
}

/** The bytes the church's gallery stores: originals and their copies (RLS filters to the church). */
export async function storageUsedBytes(tx: Tx): Promise<number> {
  const [row] = await tx.select({ bytes: sql<string>`coalesce(sum(${media.fileSize} + ${media.copiesSize}), 0)` }).from(media);
  return Number(row.bytes);
}
