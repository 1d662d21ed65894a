import { asc, eq } from 'drizzle-orm';
import { plans } from '../../../../drizzle/schema/index.js';
import type { Tx } from '../../../db/index.js';

export type PlanRow = typeof plans.$inferSelect;

/** What the console may change of a plan; the tier, name, duration and order are fixed. */
export type PlanChanges = Pick<PlanRow,
  'pricePaise' | 'maxPrincipals' | 'maxTeachers' | 'maxStudents' | 'maxClasses' | 'storageQuotaMb' | 'description' | 'features'>;

/** The four plans in the order the product shows them. */
export const selectPlans = (tx: Tx) => tx.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.tier));

/** One plan, locked until the transaction ends: two operators saving the same plan take turns,
 * and the second compares its version with what the first wrote. */
export async function lockPlan(tx: Tx, tier: string): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(plans).where(eq(plans.tier, tier)).for('update');
  return row;
}

export async function updatePlan(tx: Tx, tier: string, changes: PlanChanges): Promise<PlanRow> {
  const [row] = await tx.update(plans).set(changes).where(eq(plans.tier, tier)).returning();
  return row;
}
