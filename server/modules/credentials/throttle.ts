import { tooManyRequests } from '../../core/errors.js';
import type { AttemptStore, AttemptWindow } from './attempt-store.js';
import { clientAddressKey } from './client-address.js';

/**
 * Failed sign-ins, counted so that an attacker can neither guess a password nor lock its owner out
 * cheaply. Three limits, each a fixed window:
 * - per account (church code + email) and source address: `maxFailuresPerAccount` failures in
 *   `windowMs` lock that pair for `accountLockMs`. A correct password during the lock still fails;
 *   the real user signing in from another address is not affected;
 * - per account across all sources: `maxFailuresPerAccountPerHour`, so that guessing one password
 *   from many addresses stays slow. Once it is reached, a source with no failure against the
 *   account in the hour may still try, so that whoever knows an email cannot lock its owner out:
 *   those attempts draw on a second budget of `maxCleanSourceFailuresPerAccountPerHour` (0 or
 *   unset: none, every source is refused), and a source that fails is refused for the rest of the
 *   hour. Guesses at one account are thus at most the sum of the two an hour, from any number of
 *   addresses; locking its owner out of a clean address takes both budgets spent, the second by one
 *   fresh address after another;
 * - per source address across accounts: `maxFailuresPerSource` in `windowMs`.
 * An IPv6 source is its /64. An attempt is counted before the password is checked (and given back
 * when it turns out right), so parallel attempts cannot all slip under a limit.
 */
export interface ThrottleLimits {
  windowMs: number;
  maxFailuresPerAccount: number;
  accountLockMs: number;
  maxFailuresPerAccountPerHour: number;
  maxFailuresPerSource: number;
  maxCleanSourceFailuresPerAccountPerHour?: number;
}

const HOUR_MS = 3_600_000;

/** Whole seconds (at least 1) until `resetAt`: the Retry-After of a refusal. */
const secondsUntil = (resetAt: number, now = Date.now()) => Math.max(1, Math.ceil((resetAt - now) / 1000));

/** The 429 of a limit: "Too many <what>. Please try again in N minutes.", with Retry-After. */
export function tooManyAttempts(what: string, retryAfterSeconds: number) {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return tooManyRequests(`Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { retryAfterSeconds });
}

/** Seconds until a refused caller may try again. */
export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

export class LoginThrottle {
  constructor(
    private readonly store: AttemptStore,
    private readonly limits: ThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts the attempt, or refuses it when a limit is reached (then it is not counted). */
  async admit(account: string, ip: string): Promise<Admission> {
    const keys = this.keys(account, ip);
    const lock = await this.store.get(keys.lock);
    if (lock) return this.refuse([lock]);
    const [source, perAccount, pair] = await Promise.all([
      this.store.add(keys.source, this.limits.windowMs),
      this.store.add(keys.account, HOUR_MS),
      this.store.add(keys.pair, this.limits.windowMs),
    ]);
    const over = [
      source.count > this.limits.maxFailuresPerSource ? source : undefined,
      pair.count > this.limits.maxFailuresPerAccount ? pair : undefined,
    ].filter((w): w is AttemptWindow => w !== undefined);
    // The account is over its hourly limit: only a source with no failure against it this hour may
    // try, each such attempt counted in the clean sources' budget.
    let clean: AttemptWindow | undefined;
    if (perAccount.count > this.limits.maxFailuresPerAccountPerHour) {
      clean = over.length ? undefined : await this.cleanSourceAttempt(keys);
      if (!clean) over.push(perAccount);
      else if (clean.count > (this.limits.maxCleanSourceFailuresPerAccountPerHour ?? 0)) over.push(clean);
    }
    // Looked at again once counted: a failure elsewhere (another process) may have locked the pair
    // and cleared its count between the first look and the count, and this attempt must not start
    // the pair's count afresh. `failed` sets the lock before it clears the count, so one of the two
    // looks sees it.
    if (!over.length) {
      const lockedSince = await this.store.get(keys.lock);
      if (!lockedSince) return { admitted: true };
      over.push(lockedSince);
    }
    await this.giveBack(keys, { pair: true, clean: clean !== undefined });
    return this.refuse(over);
  }

  /** The password was wrong: the counted attempt stays; enough of them lock the pair, and the
   * source is no longer clean for the account this hour. */
  async failed(account: string, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    if (this.limits.maxCleanSourceFailuresPerAccountPerHour) await this.store.add(keys.failedFrom, HOUR_MS);
    const pair = await this.store.get(keys.pair);
    if (pair && pair.count >= this.limits.maxFailuresPerAccount) {
      await this.store.add(keys.lock, this.limits.accountLockMs);
      await this.store.delete(keys.pair);
    }
  }

  /** The password was right: the attempt is given back and the pair's failures forgotten. */
  async succeeded(account: string, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    await this.giveBack(keys, { pair: false, clean: 'if over' });
    await this.store.delete(keys.pair);
  }

  /** Counts an attempt of a source with no failure against the account this hour in the clean
   * sources' budget; undefined when the source has failed (or there is no such budget). */
  private async cleanSourceAttempt(keys: ReturnType<LoginThrottle['keys']>): Promise<AttemptWindow | undefined> {
    if (!this.limits.maxCleanSourceFailuresPerAccountPerHour || await this.store.get(keys.failedFrom)) return undefined;
    return this.store.add(keys.clean, HOUR_MS);
  }

  private keys(account: string, ip: string) {
    const source = clientAddressKey(ip);
    const pair = `login:pair:${account}|${source}`;
    return {
      source: `login:src:${source}`, account: `login:acct:${account}`, pair, lock: `login:lock:${account}|${source}`,
      failedFrom: `login:failed:${account}|${source}`, clean: `login:clean:${account}`,
    };
  }

  /** Gives back the counts of an attempt: the pair's too when it was refused; the clean sources'
   * budget when it was counted there (`if over`: a right password, which was counted there when the
   * account is still over its hourly limit with it). */
  private async giveBack(keys: ReturnType<LoginThrottle['keys']>, what: { pair: boolean; clean: boolean | 'if over' }) {
    const [, perAccount] = await Promise.all([
      this.store.add(keys.source, this.limits.windowMs, -1),
      this.store.add(keys.account, HOUR_MS, -1),
      ...(what.pair ? [this.store.add(keys.pair, this.limits.windowMs, -1)] : []),
    ]);
    const clean = what.clean === 'if over'
      ? Boolean(this.limits.maxCleanSourceFailuresPerAccountPerHour) && perAccount.count >= this.limits.maxFailuresPerAccountPerHour
      : what.clean;
    if (clean) await this.store.add(keys.clean, HOUR_MS, -1);
  }

  private refuse(windows: AttemptWindow[]): Admission {
    const until = Math.max(...windows.map((w) => w.resetAt));
    return { admitted: false, retryAfterSeconds: secondsUntil(until, this.now()) };
  }
}

/** One limit per source address (an IPv6 source is its /64): what a source may do `max` times a window. */
export interface SourceLimit {
  /** The key's prefix, naming what is counted ("reset", "register"). */
  name: string;
  /** The 429's words: "Too many <what>". */
  what: string;
  windowMs: number;
  max: number;
}

/**
 * Counts one attempt of `ip` under `limit`, or refuses it with a 429 and Retry-After. The count
 * comes first, so parallel requests cannot all slip under the limit; a refused attempt is given
 * back, so a source that keeps trying is let in again once its window ends.
 */
export async function admitFromSource(store: AttemptStore, limit: SourceLimit, ip: string): Promise<void> {
  await admitUnderLimit(store, `${limit.name}:src:${clientAddressKey(ip)}`, limit);
}

/** Gives back an attempt `admitFromSource` counted (it turned out not to be one the limit is for). */
export async function giveBackToSource(store: AttemptStore, limit: Pick<SourceLimit, 'name' | 'windowMs'>, ip: string): Promise<void> {
  await store.add(`${limit.name}:src:${clientAddressKey(ip)}`, limit.windowMs, -1);
}

/**
 * The same for a limit of failures only: the attempt is counted (or refused) first, and `giveBack`
 * returns it once it turned out to be no failure, so parallel failures cannot slip under the limit.
 */
export async function admitFailureFromSource(store: AttemptStore, limit: SourceLimit, ip: string): Promise<{ giveBack(): Promise<void> }> {
  const key = `${limit.name}:src:${clientAddressKey(ip)}`;
  await admitUnderLimit(store, key, limit);
  return { giveBack: async () => { await store.add(key, limit.windowMs, -1); } };
}

/**
 * Counts one use of `key` (what one church, one account... may do `max` times a window), or refuses
 * it with a 429 and Retry-After. The count comes first, so parallel requests cannot all slip under
 * the limit; a refused use is given back, so a caller that keeps trying is let in again once its
 * window ends.
 */
export async function admitUnderLimit(store: AttemptStore, key: string, limit: Omit<SourceLimit, 'name'>): Promise<void> {
  const window = await store.add(key, limit.windowMs);
  if (window.count > limit.max) {
    await store.add(key, limit.windowMs, -1);
    throw tooManyAttempts(limit.what, secondsUntil(window.resetAt));
  }
}
