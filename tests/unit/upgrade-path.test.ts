import { describe, expect, it } from 'vitest';
import { orderKind } from '../../common/upgrade-path.js';

// The upgrade path, as the server's create-order and the client's plan buttons both read it.
const church = (tier: string, status = 'active', isLifetime = false) =>
  ({ subscription_tier: tier, subscription_status: status, is_lifetime: isLifetime });

describe('the upgrade path', () => {
  it.each([
    ['free', 'basic', { allowed: true, isUpgrade: true }],
    ['free', 'premium', { allowed: true, isUpgrade: true }],
    ['basic', 'premium', { allowed: true, isUpgrade: true }],
    ['basic', 'basic', { allowed: true, isUpgrade: false }],
    ['premium', 'premium', { allowed: true, isUpgrade: false }],
    ['premium', 'basic', { allowed: false }],
    ['lifetime', 'premium', { allowed: false }],
  ] as const)('%s to %s', (from, to, expected) => {
    expect(orderKind(church(from), to)).toMatchObject(expected);
  });

  it('a paid registration still waiting for its payment may pay for either plan, and that is no upgrade', () => {
    expect(orderKind(church('premium', 'pending_payment'), 'basic')).toEqual({ allowed: true, isUpgrade: false });
    expect(orderKind(church('basic', 'pending_payment'), 'premium')).toEqual({ allowed: true, isUpgrade: false });
  });

  it('says why when a plan cannot be bought', () => {
    expect(orderKind(church('premium'), 'basic')).toMatchObject({ message: expect.stringMatching(/^The Premium plan cannot be upgraded/) });
    expect(orderKind(church('basic', 'active', true), 'premium')).toMatchObject({ message: 'A lifetime church has nothing to pay.' });
  });
});
