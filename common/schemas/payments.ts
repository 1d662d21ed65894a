import { z } from 'zod';
import { plainString } from './text.js';
import { PAID_TIERS } from '../upgrade-path.js';
import { PAYMENT_MESSAGES } from '../payment-messages.js';


const providerId = (name: string) => plainString({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(100, `${name} is too long`);

/**
 * POST /api/churches/create-order. The amount always comes from the plans table: an `amount` or
 * `is_upgrade` in the request is accepted for compatibility and ignored. A `church_id`, when sent,
 * must be the caller's own church.
 */
export const createOrderInput = z.object({
  church_id: z.uuid('church_id must be a church id').optional(),
  plan_type: z.enum(PAID_TIERS, { error: PAYMENT_MESSAGES.choosePaidPlan }),
  amount: z.number().optional(),
  is_upgrade: z.boolean().optional(),
});

/** POST /api/churches/verify-payment: what the checkout hands back after a payment. */
export const verifyPaymentInput = z.object({
  church_id: z.uuid('church_id must be a church id').optional(),
  razorpay_order_id: providerId('razorpay_order_id'),
  razorpay_payment_id: providerId('razorpay_payment_id'),
  razorpay_signature: providerId('razorpay_signature'),
});

/** POST /api/payments/test-checkout/pay (test mode only): the test checkout's Pay button. */
export const testCheckoutInput = z.object({ razorpay_order_id: providerId('razorpay_order_id') });

/** GET /api/churches/payment-status/{order_id}: where an order of the caller's church stands. */
export const orderStatusInput = z.object({ order_id: providerId('order_id') });

/** POST /api/churches/retry-payment: a new order after a failed or abandoned payment; the plan
 * defaults to the church's own paid plan. */
export const retryPaymentInput = z.object({
  church_id: z.uuid('church_id must be a church id').optional(),
  plan_type: z.enum(PAID_TIERS, { error: PAYMENT_MESSAGES.choosePaidPlan }).optional(),
  amount: z.number().optional(),
}).default({});

/** The church named in a path: /api/churches/retry-payment/{id} and the subscription actions. */
export const churchIdPathInput = z.object({ id: z.uuid('The church id is not valid') });
