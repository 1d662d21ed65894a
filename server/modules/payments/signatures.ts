import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `payload` with `secret`, hex: how Razorpay signs payments and webhooks. */
export const hmacHex = (secret: string, payload: string | Buffer) =>
  createHmac('sha256', secret).update(payload).digest('hex');

/** Whether a signature the caller sent is the expected one, compared in constant time. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A payment's signature: the stored order id, '|', the payment id (Razorpay's checkout rule). */
export const paymentSignature = (secret: string, providerOrderId: string, paymentId: string) =>
  hmacHex(secret, `${providerOrderId}|${paymentId}`);
