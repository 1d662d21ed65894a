import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { auditLog, churches, paymentOrders, paymentReferences, users } from '../../../drizzle/schema/index.js';
import type { Locale } from '../../../common/i18n/locales.js';
import { PAYMENT_MESSAGES } from '../../../common/payment-messages.js';
import { isOperatorStatus, SUBSCRIPTION_MESSAGES } from '../../../common/subscription-messages.js';
import { type createOrderInput, type orderStatusInput, type retryPaymentInput, type testCheckoutInput, type verifyPaymentInput } from '../../../common/schemas/payments.js';
import { orderKind, PAID_TIERS, type PaidTier } from '../../../common/upgrade-path.js';
import type { Database, Tx } from '../../db/index.js';
import type { Config } from '../../config.js';
import type { ChurchPayer, PayerScope } from '../../core/scopes.js';
import { badRequest, conflict, notFound, serviceUnavailable, unauthorized } from '../../core/errors.js';
import { findPlan } from '../subscription/index.js';
import { receiptMail, type Mailer, type ReceiptFacts } from '../mail/index.js';
import type { PaymentGateway } from './gateway.js';
import { consumePaymentTokens } from './payment-tokens.js';
import { paymentSignature, sameSignature } from './signatures.js';

const DAY_MS = 86_400_000;
const CURRENCY = 'INR';

/** A payer's call, with what payments use of the services: the gateway and the mailer (receipts). */
type PaymentScope = PayerScope<{ gateway: PaymentGateway; mailer: Mailer }>;

/** A payment token spent by its church's payment starts nothing more: it only reads where its orders stand. */
function assertTokenNotSpent(payer: ChurchPayer) {
  if (payer.spentToken) throw unauthorized(PAYMENT_MESSAGES.tokenSpent, { reason: 'payment_token_spent' });
}

/** No money is taken for a plan that could not be applied: a church whose status the operator set
 * (suspended, inactive) starts no payment (409); nor does a spent payment token (401). */
function assertMayStartPayment(payer: ChurchPayer) {
  assertTokenNotSpent(payer);
  const status = payer.church.subscription_status;
  if (isOperatorStatus(status)) throw conflict(SUBSCRIPTION_MESSAGES.setByOperator(status), { reason: 'operator_status' });
}

/** A church id in the request never grants anything: it must name the caller's own church. */
function assertOwnChurch(payer: ChurchPayer, churchId: string | undefined) {
  if (churchId !== undefined && churchId !== payer.church.id) throw notFound(PAYMENT_MESSAGES.orderNotFound);
}

/**
 * POST /api/churches/create-order: an order for a paid plan at the plan's price (paise, from the
 * plans table), stored with the church, plan, amount and status before the checkout opens.
 */
export async function createOrder(scope: PaymentScope, input: z.output<typeof createOrderInput>) {
  const { payer } = scope;
  assertMayStartPayment(payer);
  assertOwnChurch(payer, input.church_id);
  const kind = orderKind(payer.church, input.plan_type);
  if (!kind.allowed) throw conflict(kind.message, { reason: 'upgrade_path' });
  const plan = await scope.db.withPlatform((tx) => findPlan(tx, input.plan_type));
  if (!plan || plan.pricePaise <= 0) throw badRequest(PAYMENT_MESSAGES.choosePaidPlan);

  const { gateway } = scope.services;
  if (gateway.mode === 'none') {
    throw serviceUnavailable(PAYMENT_MESSAGES.notConfigured, { reason: 'payments_not_configured' });
  }
  let providerOrder: { id: string };
  try {
    providerOrder = await gateway.createOrder({
      amountPaise: plan.pricePaise,
      currency: CURRENCY,
      receipt: `${payer.church.code}-${Date.now().toString(36)}`,
      notes: { church_id: payer.church.id, church_code: payer.church.code, plan: plan.tier },
    });
  } catch (error) {
    scope.log.error({ err: error, churchId: payer.church.id }, 'payment gateway refused the order');
    throw serviceUnavailable(PAYMENT_MESSAGES.orderFailed, { reason: 'gateway_unavailable' });
  }
  await scope.db.withPlatform((tx) => tx.insert(paymentOrders).values({
    churchId: payer.church.id,
    provider: gateway.mode,
    providerOrderId: providerOrder.id,
    planTier: plan.tier,
    amountPaise: plan.pricePaise,
    currency: CURRENCY,
    isUpgrade: kind.isUpgrade,
  }));
  return {
    order_id: providerOrder.id,
    amount: plan.pricePaise,
    currency: CURRENCY,
    plan_type: plan.tier,
    is_upgrade: kind.isUpgrade,
    gateway: { mode: gateway.mode, key_id: gateway.keyId },
    upi: upiPayment(scope.config, { amountPaise: plan.pricePaise, orderId: providerOrder.id, note: `${plan.name} ${payer.church.code}` }),
  };
}

/**
 * A UPI payment of the order: the `upi://pay` link (payee, amount in rupees, currency, the order as
 * reference) that a UPI app opens or scans as a QR code, and the UPI ID to type by hand. Such a
 * payment is confirmed by the webhook or by the platform operator, never by the browser.
 */
function upiPayment(config: Pick<Config, 'UPI_VPA' | 'UPI_PAYEE_NAME'>, order: { amountPaise: number; orderId: string; note: string }) {
  if (!config.UPI_VPA) return null;
  const params = new URLSearchParams({
    pa: config.UPI_VPA,
    pn: config.UPI_PAYEE_NAME,
    am: (order.amountPaise / 100).toFixed(2),
    cu: CURRENCY,
    tr: order.orderId,
    tn: order.note,
  });
  return { vpa: config.UPI_VPA, payee_name: config.UPI_PAYEE_NAME, link: `upi://pay?${params.toString()}` };
}

/** POST /api/churches/retry-payment(/{id}): a new order, for the plan asked or the church's own. */
export async function retryPayment(scope: PaymentScope, input: z.output<typeof retryPaymentInput>) {
  assertMayStartPayment(scope.payer);
  assertOwnChurch(scope.payer, input.church_id);
  const own = (PAID_TIERS as readonly string[]).includes(scope.payer.church.subscription_tier)
    ? scope.payer.church.subscription_tier as PaidTier
    : undefined;
  const planType = input.plan_type ?? own;
  if (!planType) throw badRequest(PAYMENT_MESSAGES.choosePaidPlan);
  return createOrder(scope, { church_id: input.church_id, plan_type: planType });
}

/**
 * POST /api/churches/verify-payment: the checkout's answer, trusted only when its signature is the
 * HMAC of the order id WE stored and the payment id, with the gateway's secret. A bad signature
 * changes nothing; verifying a paid order again answers the same and activates nothing twice. A
 * payment of a church whose status the operator set is recorded as held, not applied (409 after
 * the commit, so the record stays).
 */
export async function verifyPayment(scope: PaymentScope, input: z.output<typeof verifyPaymentInput>) {
  const { payer } = scope;
  assertOwnChurch(payer, input.church_id);
  const secret = scope.services.gateway.paymentSecret;
  const { church, receipt, held, upgraded } = await scope.db.withPlatform(async (tx) => {
    const order = await lockOrder(tx, payer.church.id, input.razorpay_order_id);
    if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound);
    // A spent token may hear again how its church's payment went, but pays nothing new.
    if (order.status === 'created') assertTokenNotSpent(payer);
    const expected = paymentSignature(secret, order.providerOrderId, input.razorpay_payment_id);
    if (!sameSignature(expected, input.razorpay_signature)) {
      throw badRequest(PAYMENT_MESSAGES.verifyFailed, { reason: 'bad_signature' });
    }
    return completeLockedOrder(tx, order, input.razorpay_payment_id, { via: 'verify-payment', userId: payer.userId });
  });
  scope.log.info({ churchId: payer.church.id, order: input.razorpay_order_id, held }, 'payment verified');
  if (held) throw conflict(SUBSCRIPTION_MESSAGES.paymentHeld, { reason: 'payment_held' });
  sendReceipt({ mailer: scope.services.mailer, log: scope.log, publicUrl: scope.config.PUBLIC_URL }, receipt);
  return { message: upgraded ? SUBSCRIPTION_MESSAGES.upgraded : PAYMENT_MESSAGES.verified, church };
}

/** Test mode only: the Pay button of the test checkout. It signs a payment as a real checkout
 * would; the browser then verifies it through verify-payment like any other payment. */
export async function payInTestMode(scope: PaymentScope, input: z.output<typeof testCheckoutInput>) {
  assertTokenNotSpent(scope.payer);
  const { gateway } = scope.services;
  if (!gateway.testPayment) throw notFound(PAYMENT_MESSAGES.notTestMode);
  const [order] = await scope.db.withPlatform((tx) => tx.select({ id: paymentOrders.providerOrderId }).from(paymentOrders)
    .where(and(eq(paymentOrders.churchId, scope.payer.church.id), eq(paymentOrders.providerOrderId, input.razorpay_order_id))));
  if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  const payment = gateway.testPayment(order.id);
  return { razorpay_order_id: order.id, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature };
}

/**
 * GET /api/churches/payment-status/{order_id}: where the church's order stands, so the payment
 * screen learns of a payment confirmed elsewhere (a UPI payment by the webhook or the operator).
 */
export async function orderStatus(scope: PayerScope, input: z.output<typeof orderStatusInput>) {
  const churchId = scope.payer.church.id;
  return scope.db.withPlatform(async (tx) => {
    const [order] = await tx.select({ id: paymentOrders.providerOrderId, status: paymentOrders.status, plan: paymentOrders.planTier })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.churchId, churchId), eq(paymentOrders.providerOrderId, input.order_id)));
    if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound);
    const [church] = await tx.select().from(churches).where(eq(churches.id, churchId));
    return { order_id: order.id, status: order.status, plan_type: order.plan, church: churchAnswer(church) };
  });
}

/**
 * A platform operator's confirmation of a payment that reached the platform outside the checkout
 * (a UPI transfer seen on the bank statement): the order completes exactly as a verified payment
 * does, once, with the operator and the bank's reference in the audit entry. The operator console
 * serves it and passes `receipts` (its services' mailer) so the church is mailed its receipt, as
 * after any other completion; an unknown or already paid order changes nothing.
 */
export async function confirmOrderByOperator(
  db: Database, input: { providerOrderId: string; operatorId: string; reference: string }, receipts: ReceiptSender,
) {
  const { church, receipt } = await db.withPlatform((tx) => confirmLockedOrder(tx, input));
  sendReceipt(receipts, receipt);
  return church;
}

/**
 * The same confirmation inside a platform transaction the caller already holds (the operator
 * console's procedures run in one; a second platform transaction beside it would wait on PGlite's
 * single session for ever), for an order of the named church only. The receipt is mailed through
 * `afterCommit`, so no mail speaks of a payment that was rolled back.
 */
export async function confirmChurchOrderByOperator(
  scope: { tx: Tx; afterCommit: (task: () => Promise<void>) => void },
  input: { churchId: string; providerOrderId: string; operatorId: string; reference: string },
  receipts: ReceiptSender,
) {
  const { church, receipt } = await confirmLockedOrder(scope.tx, input);
  scope.afterCommit(async () => { sendReceipt(receipts, receipt); });
  return church;
}

async function confirmLockedOrder(tx: Tx, input: { churchId?: string; providerOrderId: string; operatorId: string; reference: string }) {
  const churchId = input.churchId ?? await churchOfOrder(tx, input.providerOrderId);
  const order = churchId ? await lockOrder(tx, churchId, input.providerOrderId) : undefined;
  if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  // A held payment (made while the church was suspended or inactive) is the operator's to refund,
  // or to honour by setting the plan by hand: it is not confirmed a second time.
  if (order.status === 'paid' || order.status === 'held') throw conflict(PAYMENT_MESSAGES.alreadyPaid, { reason: 'already_paid' });
  const [church] = await tx.select({ status: churches.subscriptionStatus }).from(churches).where(eq(churches.id, order.churchId));
  if (isOperatorStatus(church.status)) {
    throw conflict(PAYMENT_MESSAGES.operatorStatusFirst(church.status), { reason: 'operator_status' });
  }
  return completeLockedOrder(tx, order, bankReferenceKey(input.reference), {
    via: 'operator confirmation', userId: null, operatorId: input.operatorId, provider: UPI_TRANSFER,
  });
}

type OrderRow = typeof paymentOrders.$inferSelect;

/** The provider under which bank references of UPI transfers confirmed by the operator are kept. */
const UPI_TRANSFER = 'upi_transfer';
/** A bank reference (UTR) as it is kept: without spaces, in capitals, so one transfer typed twice
 * in two ways is still one reference. */
const bankReferenceKey = (reference: string) => reference.replace(/\s+/g, '').toUpperCase();

/**
 * The webhook's completion of an order, found by the provider's order id alone (the webhook comes
 * before any church is known). Unknown orders are reported as such and change nothing.
 */
export async function completeOrderFromWebhook(tx: Tx, providerOrderId: string, paymentId: string, eventType: string) {
  const churchId = await churchOfOrder(tx, providerOrderId);
  const order = churchId ? await lockOrder(tx, churchId, providerOrderId) : undefined;
  if (!order) return { completed: false as const, held: false, receipt: null };
  const { receipt, held } = await completeLockedOrder(tx, order, paymentId, { via: `webhook ${eventType}`, userId: null });
  return { completed: true as const, held, churchId: order.churchId, receipt };
}

/** What mails a receipt: the mailer and where its links point. */
interface ReceiptSender {
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/** A receipt is what `completeLockedOrder` hands back when it completed an order itself: mailed to
 * each of the church's super admins (who pay for it), once, and only after the commit, so no mail
 * speaks of a payment that was rolled back. */
export function sendReceipt({ mailer, log, publicUrl }: ReceiptSender, receipt: Receipt | null) {
  if (!receipt) return;
  for (const to of receipt.recipients) mailer.send(receiptMail(publicUrl, to, receipt.facts), log);
}

/** A completed order's receipt: its facts and whom to mail them to. */
type Receipt = { facts: ReceiptFacts; recipients: Array<{ email: string; name: string; language: Locale }> };

/** The church of the order with this provider id (read without a lock: an order never changes
 * church), so that it can then be locked by its church: on Citus a row is locked only through a query
 * that names its church, the column the tables are distributed by. */
async function churchOfOrder(tx: Tx, providerOrderId: string): Promise<string | undefined> {
  const [row] = await tx.select({ churchId: paymentOrders.churchId }).from(paymentOrders)
    .where(eq(paymentOrders.providerOrderId, providerOrderId)).limit(1);
  return row?.churchId;
}

/** The church's order with this provider id, locked until the transaction ends: a verify and a
 * webhook of the same order wait for each other, and the second finds it paid. */
async function lockOrder(tx: Tx, churchId: string, providerOrderId: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(paymentOrders)
    .where(and(eq(paymentOrders.churchId, churchId), eq(paymentOrders.providerOrderId, providerOrderId)))
    .for('update');
  return order;
}

interface Completion {
  church: ReturnType<typeof churchAnswer>;
  receipt: Receipt | null;
  /** The money is recorded but the plan not applied: the church's status was set by the operator. */
  held: boolean;
  upgraded: boolean;
}

/**
 * Marks a locked order paid and activates its plan, once: a paid or held order is left as it is.
 * The plan runs for its days from now; renewing the same plan before it ends adds them to the end
 * date instead, so paying early loses nothing. An upgrade starts from today (the days left of the
 * smaller plan are not carried over). The payment's reference is taken for this order alone (409 if
 * another order has it, and nothing is written), the church's payment tokens are spent, and the
 * change is written to the audit log, all in the same transaction.
 *
 * A church whose status the operator set (suspended, inactive) keeps it: the order is marked held
 * with its payment, the subscription is not touched, no receipt is mailed, and the audit entry
 * ('subscription.payment_held') tells the operator, who refunds it or sets the plan by hand.
 */
async function completeLockedOrder(
  tx: Tx, order: OrderRow, paymentId: string, by: { via: string; userId: string | null; operatorId?: string; provider?: string },
): Promise<Completion> {
  const [church] = await tx.select().from(churches).where(eq(churches.id, order.churchId)).for('update');
  // Already settled (a verify and a webhook of one order, whichever came second): no second receipt.
  if (order.status === 'paid' || order.status === 'held') {
    return { church: churchAnswer(church), receipt: null, held: order.status === 'held', upgraded: order.isUpgrade };
  }
  const plan = await findPlan(tx, order.planTier);
  if (!plan) throw new Error(`Plan ${order.planTier} of order ${order.id} is missing`);

  const now = Date.now();
  const [reference] = await tx.insert(paymentReferences).values({
    provider: by.provider ?? order.provider, reference: paymentId, orderChurchId: order.churchId, orderId: order.id,
  }).onConflictDoNothing().returning({ reference: paymentReferences.reference });
  if (!reference) throw conflict(PAYMENT_MESSAGES.referenceUsed, { reason: 'reference_used' });
  await consumePaymentTokens(tx, church.id, new Date(now));
  const facts = {
    via: by.via, by_user_id: by.userId, order: order.providerOrderId, payment: paymentId, amount_paise: order.amountPaise,
  };
  if (isOperatorStatus(church.subscriptionStatus)) {
    await tx.update(paymentOrders).set({ status: 'held', providerPaymentId: paymentId, paidAt: new Date(now) })
      .where(and(eq(paymentOrders.churchId, order.churchId), eq(paymentOrders.id, order.id)));
    await tx.insert(auditLog).values({
      operatorId: by.operatorId ?? null, targetChurchId: church.id, action: 'subscription.payment_held',
      resourceType: 'subscription', resourceId: order.id, details: { ...facts, status: church.subscriptionStatus, plan: plan.tier },
      description: `Church ${church.code} paid for the ${plan.name} while ${church.subscriptionStatus}: the plan was not applied`,
    });
    return { church: churchAnswer(church), receipt: null, held: true, upgraded: order.isUpgrade };
  }
  const renewing = church.subscriptionTier === plan.tier && church.subscriptionStatus === 'active'
    && church.subscriptionEndDate !== null && church.subscriptionEndDate.getTime() > now;
  const from = renewing ? church.subscriptionEndDate!.getTime() : now;
  const endDate = new Date(from + plan.durationDays * DAY_MS);

  await tx.update(paymentOrders).set({ status: 'paid', providerPaymentId: paymentId, paidAt: new Date(now) })
    .where(and(eq(paymentOrders.churchId, order.churchId), eq(paymentOrders.id, order.id)));
  const [updated] = await tx.update(churches).set({
    subscriptionTier: plan.tier, subscriptionStatus: 'active', subscriptionEndDate: endDate, updatedAt: new Date(now),
  }).where(eq(churches.id, church.id)).returning();
  await tx.insert(auditLog).values({
    operatorId: by.operatorId ?? null,
    targetChurchId: church.id,
    action: order.isUpgrade ? 'subscription.upgraded' : 'subscription.paid',
    resourceType: 'subscription',
    resourceId: order.id,
    details: {
      ...facts,
      old: { tier: church.subscriptionTier, status: church.subscriptionStatus, end_date: church.subscriptionEndDate },
      new: { tier: updated.subscriptionTier, status: updated.subscriptionStatus, end_date: updated.subscriptionEndDate },
    },
    description: `Church ${church.code} paid for the ${plan.name}`,
  });
  const superAdmins = await tx.select({ email: users.email, name: users.name, language: users.language }).from(users)
    .where(and(eq(users.churchId, church.id), eq(users.role, 'super_admin'), eq(users.isActive, true)));
  // Each receipt speaks its recipient's language: their own, else the church's default.
  const recipients = superAdmins.map((admin) => ({ ...admin, language: admin.language ?? church.defaultLanguage }));
  const receiptFacts: ReceiptFacts = {
    church: { name: church.name, code: church.code, timeZone: church.timeZone },
    planName: plan.name,
    amountPaise: order.amountPaise,
    orderId: order.providerOrderId,
    paymentId,
    paidAt: new Date(now),
    endDate,
  };
  return { church: churchAnswer(updated), receipt: { facts: receiptFacts, recipients }, held: false, upgraded: order.isUpgrade };
}

const churchAnswer = (church: typeof churches.$inferSelect) => ({
  id: church.id,
  subscription_tier: church.subscriptionTier,
  subscription_status: church.subscriptionStatus,
  subscription_end_date: church.subscriptionEndDate?.toISOString() ?? null,
});
