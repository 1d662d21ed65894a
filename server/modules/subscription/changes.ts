import { eq, sql } from 'drizzle-orm';
import { auditLog, churches } from '../../../drizzle/schema/index.js';
import { MESSAGES } from '../../../common/constants.js';
import { isOperatorStatus, SUBSCRIPTION_MESSAGES } from '../../../common/subscription-messages.js';
import type { PayerScope } from '../../core/scopes.js';
import { conflict, forbidden, notFound } from '../../core/errors.js';
import { findPlan } from './queries.js';

const DAY_MS = 86_400_000;

type Change = 'downgrade' | 'extend';

/**
 * Downgrade to free and extend the trial: the church's signed-in super admin only (a payment token
 * or another role: 403; another church's id: 404), also while the subscription is invalid, since
 * the subscription wall offers both. Either way the church gets a free period of the free plan's
 * days from now; extensions are unlimited and counted on the church row. A status the operator set
 * (suspended, inactive) is the operator's alone to change: either action answers 409 and changes
 * nothing. Nothing is deleted by a downgrade: what is over the free limits stays readable and
 * editable, and adding more is refused by the plan limits until the church upgrades again. The row
 * is locked, changed and audited in one platform transaction.
 */
export async function changeToFreePeriod(scope: PayerScope, churchId: string, change: Change) {
  const { payer } = scope;
  if (churchId !== payer.church.id) throw notFound('Church not found');
  if (payer.userId === null) throw forbidden(MESSAGES.notAllowed);

  const changed = await scope.db.withPlatform(async (tx) => {
    const [current] = await tx.select().from(churches).where(eq(churches.id, churchId)).for('update');
    if (isOperatorStatus(current.subscriptionStatus)) {
      throw conflict(SUBSCRIPTION_MESSAGES.setByOperator(current.subscriptionStatus), { reason: 'operator_status' });
    }
    if (current.isLifetime || current.subscriptionTier === 'lifetime') throw conflict(SUBSCRIPTION_MESSAGES.lifetime);
    if (change === 'downgrade' && current.subscriptionTier === 'free') throw conflict(SUBSCRIPTION_MESSAGES.alreadyFree);
    if (change === 'extend' && current.subscriptionTier !== 'free') throw conflict(SUBSCRIPTION_MESSAGES.notOnFree);
    const free = await findPlan(tx, 'free');
    if (!free) throw new Error('The free plan is missing from the plans table');
    const now = new Date();
    const [updated] = await tx.update(churches).set({
      subscriptionTier: 'free',
      subscriptionStatus: 'active',
      subscriptionEndDate: new Date(now.getTime() + free.durationDays * DAY_MS),
      ...(change === 'extend' ? { trialExtensions: sql`${churches.trialExtensions} + 1` } : {}),
      updatedAt: now,
    }).where(eq(churches.id, churchId)).returning();
    await tx.insert(auditLog).values({
      targetChurchId: churchId,
      action: change === 'downgrade' ? 'subscription.downgraded' : 'subscription.trial_extended',
      resourceType: 'subscription',
      resourceId: churchId,
      details: {
        by_user_id: payer.userId,
        ...(change === 'extend' ? { extensions: updated.trialExtensions } : {}),
        old: { tier: current.subscriptionTier, status: current.subscriptionStatus, end_date: current.subscriptionEndDate },
        new: { tier: updated.subscriptionTier, status: updated.subscriptionStatus, end_date: updated.subscriptionEndDate },
      },
      description: change === 'downgrade'
        ? `Church ${current.code} moved from ${current.subscriptionTier} to the Free Trial`
        : `Church ${current.code} extended its free trial`,
    });
    return { updated, freeDays: free.durationDays };
  });
  const { updated: church, freeDays } = changed;
  return {
    message: change === 'downgrade' ? SUBSCRIPTION_MESSAGES.downgraded : SUBSCRIPTION_MESSAGES.trialExtended(freeDays),
    church: {
      id: church.id,
      subscription_tier: church.subscriptionTier,
      subscription_status: church.subscriptionStatus,
      subscription_end_date: church.subscriptionEndDate?.toISOString() ?? null,
    },
  };
}
