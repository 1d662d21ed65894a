/**
 * Failed sign-in throttling, in memory (one process serves the app). Two limits:
 * - per account (church code + email): a few failures lock only that account, and only for a few
 *   minutes, so an attacker cannot lock the real user out for long; success clears the count;
 * - per IP: a higher limit that stops one address from trying many accounts.
 */
export interface ThrottleLimits {
  windowMs: number;
  maxFailuresPerAccount: number;
  accountLockMs: number;
  maxFailuresPerIp: number;
}

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly lockedUntil = new Map<string, number>();

  constructor(private readonly limits: ThrottleLimits, private readonly now = () => Date.now()) {}

  /** Seconds the caller must wait, or 0 when the attempt may go ahead. */
  retryAfterSeconds(accountKey: string, ip: string): number {
    const now = this.now();
    const accountLock = (this.lockedUntil.get(accountKey) ?? 0) - now;
    const ipFailures = this.recent(`ip:${ip}`, now);
    let ipWait = 0;
    if (ipFailures.length >= this.limits.maxFailuresPerIp) {
      ipWait = ipFailures[ipFailures.length - this.limits.maxFailuresPerIp] + this.limits.windowMs - now;
    }
    const wait = Math.max(accountLock, ipWait, 0);
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  recordFailure(accountKey: string, ip: string): void {
    const now = this.now();
    this.push(`ip:${ip}`, now);
    const account = this.push(`acct:${accountKey}`, now);
    if (account.length >= this.limits.maxFailuresPerAccount) {
      this.lockedUntil.set(accountKey, now + this.limits.accountLockMs);
      this.failures.delete(`acct:${accountKey}`);
    }
    if (this.failures.size > 100_000) this.sweep(now);
  }

  recordSuccess(accountKey: string): void {
    this.failures.delete(`acct:${accountKey}`);
    this.lockedUntil.delete(accountKey);
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => t > now - this.limits.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  private push(key: string, now: number): number[] {
    const list = this.recent(key, now);
    list.push(now);
    this.failures.set(key, list);
    return list;
  }

  private sweep(now: number) {
    for (const key of this.failures.keys()) this.recent(key, now);
    for (const [key, until] of this.lockedUntil) if (until <= now) this.lockedUntil.delete(key);
  }
}
