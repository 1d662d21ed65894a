import { describe, expect, it } from 'vitest';
import { createPaymentGateway } from '../../server/modules/payments/index.js';

// Which gateway a server gets: Razorpay with keys; without them the offline test gateway on the
// evaluation path only (embedded database, or not production), never by accident in production.

const base = { RAZORPAY_API_URL: 'https://api.razorpay.com', NODE_ENV: 'production' as const, DATABASE_URL: '', DATABASE_TENANT_URL: '' };

describe('the payment gateway', () => {
  it('is Razorpay when both keys are set', () => {
    expect(createPaymentGateway({ ...base, RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's' }).mode).toBe('razorpay');
  });

  it('is the test gateway on the embedded database, or outside production', () => {
    expect(createPaymentGateway(base).mode).toBe('test');
    expect(createPaymentGateway({ ...base, NODE_ENV: 'development', DATABASE_URL: 'postgres://x/y' }).mode).toBe('test');
  });

  it('is none for a production server on PostgreSQL without keys, unless asked for', () => {
    expect(createPaymentGateway({ ...base, DATABASE_URL: 'postgres://x/y' }).mode).toBe('none');
    expect(createPaymentGateway({ ...base, DATABASE_TENANT_URL: 'postgres://x/y' }).mode).toBe('none');
    expect(createPaymentGateway({ ...base, DATABASE_URL: 'postgres://x/y', PAYMENT_TEST_GATEWAY: 'true' }).mode).toBe('test');
    expect(createPaymentGateway({ ...base, PAYMENT_TEST_GATEWAY: 'false' }).mode).toBe('none');
  });
});
