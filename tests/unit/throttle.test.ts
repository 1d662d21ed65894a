import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../server/modules/auth/throttle.js';

const limits = { windowMs: 15 * 60_000, maxFailuresPerAccount: 3, accountLockMs: 5 * 60_000, maxFailuresPerIp: 5 };

describe('LoginThrottle', () => {
  it('locks an account for the lock time only, then lets it try again', () => {
    let t = 0;
    const throttle = new LoginThrottle(limits, () => t);
    for (let i = 0; i < 3; i++) throttle.recordFailure('A:x', `10.0.0.${i}`);
    expect(throttle.retryAfterSeconds('A:x', '10.0.0.9')).toBe(300);
    t = 5 * 60_000;
    expect(throttle.retryAfterSeconds('A:x', '10.0.0.9')).toBe(0);
  });
  it('limits one address across accounts, until its oldest failure leaves the window', () => {
    let t = 0;
    const throttle = new LoginThrottle(limits, () => t);
    for (let i = 0; i < 5; i++) { throttle.recordFailure(`A:user${i}`, '1.2.3.4'); t += 1000; }
    expect(throttle.retryAfterSeconds('A:new', '1.2.3.4')).toBe(15 * 60 - 5);
    expect(throttle.retryAfterSeconds('A:new', '5.6.7.8')).toBe(0);
    t = 15 * 60_000 + 1;
    expect(throttle.retryAfterSeconds('A:new', '1.2.3.4')).toBe(0);
  });
  it('forgets an account\'s failures after a success', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    throttle.recordFailure('A:x', 'ip');
    throttle.recordFailure('A:x', 'ip');
    throttle.recordSuccess('A:x');
    throttle.recordFailure('A:x', 'ip');
    expect(throttle.retryAfterSeconds('A:x', 'ip')).toBe(0);
  });
});
