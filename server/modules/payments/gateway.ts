import { randomBytes } from 'node:crypto';
import Razorpay from 'razorpay';
import type { Config } from '../../config.js';
import { paymentSignature } from './signatures.js';

interface GatewayOrder {
  amountPaise: number;
  currency: string;
  /** Our reference, at most 40 characters (Razorpay's limit). */
  receipt: string;
  notes: Record<string, string>;
}

/**
 * Where orders are made and whose secret signs payments. `razorpay` with configured keys; otherwise
 * `test`, the offline test gateway: it makes order ids itself and signs test payments with a secret
 * of this process, so the whole flow (order, checkout, verification) runs without the internet and
 * through the same verification code as a real payment.
 */
export interface PaymentGateway {
  /** `none`: no keys and the test gateway turned off; no order can be made. */
  mode: 'razorpay' | 'test' | 'none';
  /** The public key the browser's checkout needs; null in test mode. */
  keyId: string | null;
  /** Signs payments (verify-payment checks `order_id|payment_id` with it). */
  paymentSecret: string;
  /** Signs webhooks; null when no webhook is configured. */
  webhookSecret: string | null;
  createOrder(order: GatewayOrder): Promise<{ id: string }>;
  /** Test mode only: a paid test payment of an order, as the test checkout's Pay button makes it. */
  testPayment?(providerOrderId: string): { paymentId: string; signature: string };
}

type GatewayConfig = Pick<Config, 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_WEBHOOK_SECRET' | 'RAZORPAY_API_URL'
  | 'PAYMENT_TEST_GATEWAY' | 'DEMO' | 'DATABASE_URL' | 'DATABASE_TENANT_URL'>;

/**
 * Which gateway a configuration gets. Without keys the test gateway stands in only when asked for
 * (PAYMENT_TEST_GATEWAY=true) or on a demo server on the embedded database: it lets any church
 * activate a paid plan without paying, so on PostgreSQL it is never on by default, whatever
 * NODE_ENV says.
 */
export function paymentGatewayMode(config: GatewayConfig): PaymentGateway['mode'] {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) return 'razorpay';
  if (config.PAYMENT_TEST_GATEWAY) return config.PAYMENT_TEST_GATEWAY === 'true' ? 'test' : 'none';
  const embedded = !config.DATABASE_URL && !config.DATABASE_TENANT_URL;
  return config.DEMO && embedded ? 'test' : 'none';
}

export function createPaymentGateway(config: GatewayConfig): PaymentGateway {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) return razorpayGateway(config.RAZORPAY_KEY_ID, config.RAZORPAY_KEY_SECRET, config);
  if (paymentGatewayMode(config) === 'test') return testGateway(config.RAZORPAY_WEBHOOK_SECRET ?? null);
  return {
    mode: 'none',
    keyId: null,
    // No payment can be signed with it: nothing is ever verified.
    paymentSecret: randomBytes(32).toString('hex'),
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? null,
    createOrder: () => Promise.reject(new Error('No payment gateway is configured')),
  };
}

function razorpayGateway(keyId: string, keySecret: string, config: GatewayConfig): PaymentGateway {
  const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
  // The SDK's host is fixed; its axios instance is re-pointed when another API address is configured.
  (client as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = config.RAZORPAY_API_URL;
  return {
    mode: 'razorpay',
    keyId,
    paymentSecret: keySecret,
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? null,
    async createOrder(order) {
      const created = await client.orders.create({
        amount: order.amountPaise, currency: order.currency, receipt: order.receipt, notes: order.notes,
      });
      return { id: created.id };
    },
  };
}

function testGateway(webhookSecret: string | null): PaymentGateway {
  const secret = randomBytes(32).toString('hex');
  return {
    mode: 'test',
    keyId: null,
    paymentSecret: secret,
    webhookSecret,
    createOrder: () => Promise.resolve({ id: `order_test_${randomBytes(9).toString('base64url')}` }),
    testPayment(providerOrderId) {
      const paymentId = `pay_test_${randomBytes(9).toString('base64url')}`;
      return { paymentId, signature: paymentSignature(secret, providerOrderId, paymentId) };
    },
  };
}
