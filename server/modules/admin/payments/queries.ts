import { count, desc, eq } from 'drizzle-orm';
import { churches, paymentOrders, plans } from '../../../../drizzle/schema/index.js';
import type { Tx } from '../../../db/index.js';

// The platform transaction reads across churches (no row-level security): each order comes with the
// church it belongs to, joined on the order's own church_id.

/** An order is pending while it is 'created': neither paid (by the checkout, the webhook or an
 * operator) nor failed. */
const isPending = eq(paymentOrders.status, 'created');

const PENDING_COLUMNS = {
  orderId: paymentOrders.providerOrderId,
  churchId: paymentOrders.churchId,
  churchName: churches.name,
  churchCode: churches.code,
  churchPhone: churches.phone,
  churchEmail: churches.email,
  planTier: paymentOrders.planTier,
  planName: plans.name,
  amountPaise: paymentOrders.amountPaise,
  currency: paymentOrders.currency,
  isUpgrade: paymentOrders.isUpgrade,
  createdAt: paymentOrders.createdAt,
};
export type PendingOrderRow = Awaited<ReturnType<typeof selectPendingPage>>[number];

/** Newest first. Pending orders are few next to paid ones; the status has no index of its own. */
export function selectPendingPage(tx: Tx, page: { limit: number; offset: number }) {
  return tx.select(PENDING_COLUMNS).from(paymentOrders)
    .innerJoin(churches, eq(churches.id, paymentOrders.churchId))
    .innerJoin(plans, eq(plans.tier, paymentOrders.planTier))
    .where(isPending)
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id)).limit(page.limit).offset(page.offset);
}

export async function countPending(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(paymentOrders).where(isPending);
  return row.n;
}

/** Whether the church exists (an unknown church answers 404 before its orders are looked at). */
export async function churchExists(tx: Tx, churchId: string): Promise<boolean> {
  const [row] = await tx.select({ id: churches.id }).from(churches).where(eq(churches.id, churchId));
  return row !== undefined;
}
