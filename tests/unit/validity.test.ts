import { describe, expect, it } from 'vitest';
import { subscriptionValidity } from '../../server/modules/subscription/validity.js';

const now = new Date('2026-11-22T06:00:00Z');
const church = (over: Partial<Parameters<typeof subscriptionValidity>[0]>) => ({
  subscriptionTier: 'free', subscriptionStatus: 'active', subscriptionEndDate: new Date('2026-12-01T00:00:00Z'), isLifetime: false, ...over,
});

describe('subscription validity: a lapsed church reaches only sign-in, subscription and payments', () => {
  it('keeps a free trial valid until its end date, with the days left rounded up', () => {
    expect(subscriptionValidity(church({}), now)).toEqual({ valid: true, reason: 'free_trial', message: 'Free trial: 30-day trial of every feature', days_left: 9 });
  });
  it('ends a free trial at its end date', () => {
    const v = subscriptionValidity(church({ subscriptionEndDate: new Date('2026-11-22T05:59:59Z') }), now);
    expect(v).toMatchObject({ valid: false, reason: 'trial_ended', message: 'Free trial period ended' });
  });
  it('needs an active status', () => {
    expect(subscriptionValidity(church({ subscriptionTier: 'basic', subscriptionStatus: 'pending_payment' }), now).reason).toBe('pending_payment');
    expect(subscriptionValidity(church({ subscriptionTier: 'basic', subscriptionStatus: 'suspended' }), now).reason).toBe('suspended');
    expect(subscriptionValidity(church({ subscriptionTier: 'basic', subscriptionStatus: 'inactive' }), now).valid).toBe(false);
  });
  it('expires a paid plan past its end date', () => {
    expect(subscriptionValidity(church({ subscriptionTier: 'premium', subscriptionEndDate: new Date('2026-11-01') }), now).reason).toBe('expired');
  });
  it('keeps lifetime churches valid whatever their status or dates', () => {
    expect(subscriptionValidity(church({ isLifetime: true, subscriptionStatus: 'inactive', subscriptionEndDate: new Date('2000-01-01') }), now))
      .toMatchObject({ valid: true, reason: 'lifetime', days_left: null });
    expect(subscriptionValidity(church({ subscriptionTier: 'lifetime', subscriptionEndDate: null }), now).valid).toBe(true);
  });
});
