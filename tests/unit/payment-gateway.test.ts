import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { createPaymentGateway } from '../../server/modules/payments/index.js';

// Which gateway a server gets: Razorpay with keys; without them the offline test gateway only on a
// demo server on the embedded database or when PAYMENT_TEST_GATEWAY=true; on PostgreSQL never by
// default, whatever NODE_ENV says. Built from the configuration as `npm start` reads it.

const modeFor = (env: Record<string, string>) => createPaymentGateway(loadConfig(env)).mode;
const pg = { DATABASE_URL: 'postgres://owner@db/app' };
const runtime = { DATABASE_TENANT_URL: 'postgres://t@db/app', DATABASE_PLATFORM_URL: 'postgres://p@db/app' };

describe('the payment gateway', () => {
  it('is Razorpay when both keys are set, even on a demo server', () => {
    expect(modeFor({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's' })).toBe('razorpay');
  });

  it('is the test gateway on the embedded database\'s demo server, in production mode too', () => {
    expect(modeFor({})).toBe('test');
    expect(modeFor({ NODE_ENV: 'production' })).toBe('test');
  });

  it('is none once DEMO=false turns the demo server off, unless PAYMENT_TEST_GATEWAY=true', () => {
    expect(modeFor({ DEMO: 'false' })).toBe('none');
    expect(modeFor({ DEMO: 'false', NODE_ENV: 'development' })).toBe('none');
    expect(modeFor({ DEMO: 'false', PAYMENT_TEST_GATEWAY: 'true' })).toBe('test');
    expect(modeFor({ PAYMENT_TEST_GATEWAY: 'false' })).toBe('none');
  });

  it('is never the test gateway on PostgreSQL unless PAYMENT_TEST_GATEWAY=true, whatever NODE_ENV or DEMO say', () => {
    for (const db of [pg, runtime]) {
      for (const NODE_ENV of ['production', 'development', 'test']) {
        expect(modeFor({ ...db, NODE_ENV }), `${NODE_ENV} ${JSON.stringify(db)}`).toBe('none');
        expect(modeFor({ ...db, NODE_ENV, DEMO: 'true' }), `${NODE_ENV} DEMO=true`).toBe('none');
        expect(modeFor({ ...db, NODE_ENV, PAYMENT_TEST_GATEWAY: 'true' }), `${NODE_ENV} asked`).toBe('test');
      }
    }
  });
});
