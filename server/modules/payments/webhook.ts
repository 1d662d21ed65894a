import { paymentWebhookEvents } from '../../../drizzle/schema/index.js';
import type { Database } from '../../db/index.js';
import { answer, plainRoute, type PlainRoute } from '../../rest/plain-route.js';
import { badRequest, notFound } from '../../core/errors.js';
import type { Mailer } from '../mail/index.js';
import type { PaymentGateway } from './gateway.js';
import { completeOrderFromWebhook, sendReceipt } from './orders.js';
import { hmacHex, sameSignature } from './signatures.js';
import { webhookOperationDoc } from './webhook-openapi.js';

/** Events that mean an order has been paid. */
const PAID_EVENTS = new Set(['order.paid', 'payment.captured']);

interface RazorpayEvent {
  event?: unknown;
  payload?: {
    payment?: { entity?: { id?: unknown; order_id?: unknown } };
    order?: { entity?: { id?: unknown } };
  };
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : undefined);

/**
 * POST /api/payments/razorpay/webhook: Razorpay's signed events, so a payment completes even when
 * the browser closed after paying. The signature is the HMAC-SHA256 of the raw body with the
 * webhook secret. Each event id (X-Razorpay-Event-Id) is handled once: its row and the order's
 * completion are one transaction, so a replay changes nothing and a failure lets Razorpay retry.
 * `order.paid` and `payment.captured` complete the order exactly as verify-payment does; the
 * order's row lock makes the two wait for each other, whichever comes first. A payment of a church
 * whose status the operator set is recorded as held (outcome 'held'), its plan not applied.
 */
export function paymentWebhookRoute(deps: WebhookDeps): PlainRoute {
  return plainRoute({
    method: 'POST',
    path: '/api/payments/razorpay/webhook',
    door: 'webhook',
    // The signature covers the bytes as sent: this route keeps the body raw.
    body: 'raw',
    openapi: webhookOperationDoc(),
    handler: async (req) => {
      const { receipt, ...handled } = await handle(req.body, req.headers, deps);
      req.log.info({ event: handled.event, outcome: handled.outcome }, 'payment webhook');
      // After the event's transaction committed: the receipt of an order this event completed.
      sendReceipt({ mailer: deps.mailer, log: req.log, publicUrl: deps.publicUrl }, receipt);
      return answer.data(handled);
    },
  });
}

interface WebhookDeps {
  db: Database;
  gateway: PaymentGateway;
  mailer: Mailer;
  publicUrl: string;
}

async function handle(body: unknown, headers: Record<string, unknown>, { db, gateway }: WebhookDeps) {
  if (!gateway.webhookSecret) throw notFound('Payment webhooks are not configured on this server.');
  const signature = text(headers['x-razorpay-signature']);
  if (!Buffer.isBuffer(body) || !signature || !sameSignature(hmacHex(gateway.webhookSecret, body), signature)) {
    throw badRequest('Invalid webhook signature', { reason: 'bad_signature' });
  }
  let event: RazorpayEvent;
  try {
    event = JSON.parse(body.toString('utf8')) as RazorpayEvent;
  } catch {
    throw badRequest('The webhook body is not JSON');
  }
  const eventType = text(event.event) ?? 'unknown';
  const eventId = text(headers['x-razorpay-event-id']);
  if (!eventId) throw badRequest('X-Razorpay-Event-Id is missing');

  return db.withPlatform(async (tx) => {
    const [fresh] = await tx.insert(paymentWebhookEvents).values({ eventId, eventType })
      .onConflictDoNothing().returning({ eventId: paymentWebhookEvents.eventId });
    if (!fresh) return { event: eventType, outcome: 'duplicate', receipt: null };
    if (!PAID_EVENTS.has(eventType)) return { event: eventType, outcome: 'ignored', receipt: null };
    const payment = event.payload?.payment?.entity;
    const orderId = text(payment?.order_id) ?? text(event.payload?.order?.entity?.id);
    const paymentId = text(payment?.id);
    if (!orderId || !paymentId) return { event: eventType, outcome: 'ignored', receipt: null };
    const result = await completeOrderFromWebhook(tx, orderId, paymentId, eventType);
    const outcome = !result.completed ? 'unknown_order' : result.held ? 'held' : 'completed';
    return { event: eventType, outcome, receipt: result.receipt };
  });
}
