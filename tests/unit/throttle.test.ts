import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginThrottle, MemoryAttemptStore, type ThrottleLimits } from '../../server/modules/credentials/index.js';
import { clientAddressKey } from '../../server/modules/credentials/client-address.js';
import { loadConfig } from '../../server/config.js';
import { BackgroundTasks } from '../../server/background-tasks.js';
import type { FastifyBaseLogger } from 'fastify';

const limits: ThrottleLimits = {
  windowMs: 15 * 60_000, maxFailuresPerAccount: 3, accountLockMs: 5 * 60_000,
  maxFailuresPerAccountPerHour: 10, maxFailuresPerSource: 5,
};

let t = 0;
const stores: MemoryAttemptStore[] = [];
const throttleWith = (overrides: Partial<ThrottleLimits> = {}) => {
  t = 0;
  const store = new MemoryAttemptStore(10_000, () => t);
  stores.push(store);
  return { store, throttle: new LoginThrottle(store, { ...limits, ...overrides }, () => t) };
};
afterEach(() => { for (const store of stores.splice(0)) store.close(); });

/** One wrong password, as the login does it: admitted, then failed. */
async function fail(throttle: LoginThrottle, account: string, ip: string) {
  const admission = await throttle.admit(account, ip);
  if (admission.admitted) await throttle.failed(account, ip);
  return admission;
}

describe('LoginThrottle', () => {
  it('locks an account from one address for the lock time only, then lets it try again', async () => {
    const { throttle } = throttleWith();
    for (let i = 0; i < 3; i++) expect((await fail(throttle, 'A:x', '10.0.0.1')).admitted).toBe(true);
    expect(await throttle.admit('A:x', '10.0.0.1')).toEqual({ admitted: false, retryAfterSeconds: 300 });
    // The real user, elsewhere, is not locked out by it.
    expect((await throttle.admit('A:x', '10.0.0.2')).admitted).toBe(true);
    t = 5 * 60_000;
    expect((await throttle.admit('A:x', '10.0.0.1')).admitted).toBe(true);
  });

  it('counts an attempt before the password is checked: parallel attempts cannot all pass', async () => {
    const { throttle } = throttleWith();
    const admissions = await Promise.all(Array.from({ length: 20 }, () => throttle.admit('A:x', '10.0.0.1')));
    expect(admissions.filter((a) => a.admitted)).toHaveLength(3);
  });

  it('gives the attempt back when the password was right', async () => {
    const { throttle } = throttleWith();
    await fail(throttle, 'A:x', 'ip');
    await fail(throttle, 'A:x', 'ip');
    expect((await throttle.admit('A:x', 'ip')).admitted).toBe(true);
    await throttle.succeeded('A:x', 'ip');
    await fail(throttle, 'A:x', 'ip');
    await fail(throttle, 'A:x', 'ip');
    expect((await throttle.admit('A:x', 'ip')).admitted).toBe(true);
  });

  it('keeps guessing one account from many addresses slow: a limit per account per hour', async () => {
    const { throttle } = throttleWith({ maxFailuresPerAccountPerHour: 4 });
    for (let i = 0; i < 4; i++) expect((await fail(throttle, 'A:x', `10.0.1.${i}`)).admitted).toBe(true);
    const refused = await throttle.admit('A:x', '10.0.9.9');
    expect(refused).toEqual({ admitted: false, retryAfterSeconds: 3600 });
    expect((await throttle.admit('A:other', '10.0.9.9')).admitted).toBe(true);
  });

  it('limits one address across accounts, until its window ends', async () => {
    const { throttle } = throttleWith();
    for (let i = 0; i < 5; i++) { await fail(throttle, `A:user${i}`, '1.2.3.4'); t += 1000; }
    expect(await throttle.admit('A:new', '1.2.3.4')).toEqual({ admitted: false, retryAfterSeconds: 15 * 60 - 5 });
    expect((await throttle.admit('A:new', '5.6.7.8')).admitted).toBe(true);
    t = 15 * 60_000;
    expect((await throttle.admit('A:new', '1.2.3.4')).admitted).toBe(true);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one', async () => {
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe(clientAddressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(clientAddressKey('2001:db8:1:2::1'));
    expect(clientAddressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    const { throttle } = throttleWith();
    for (let i = 0; i < 5; i++) await fail(throttle, `A:user${i}`, `2001:db8:0:1::${i + 1}`);
    expect((await throttle.admit('A:new', '2001:db8:0:1:ffff::9')).admitted).toBe(false);
  });
});

describe('LoginThrottle: an account over its hourly limit', () => {
  const underAttack = () => throttleWith({ maxFailuresPerAccountPerHour: 4, maxCleanSourceFailuresPerAccountPerHour: 3 });

  it('still admits a source with no failure against the account; the sources that failed stay refused', async () => {
    const { throttle } = underAttack();
    for (let i = 0; i < 4; i++) await fail(throttle, 'A:x', `10.0.1.${i}`);
    expect(await throttle.admit('A:x', '10.0.1.0')).toEqual({ admitted: false, retryAfterSeconds: 3600 });
    // The owner, from an address with no failure: admitted, and a right password is given back.
    expect((await throttle.admit('A:x', '10.0.9.9')).admitted).toBe(true);
    await throttle.succeeded('A:x', '10.0.9.9');
    expect((await throttle.admit('A:x', '10.0.9.9')).admitted).toBe(true);
    await throttle.succeeded('A:x', '10.0.9.9');
    // Another account from the attacker's address is not affected by this account's limit.
    expect((await throttle.admit('A:other', '10.0.1.0')).admitted).toBe(true);
  });

  it('bounds guessing: a fresh source fails once, and the clean sources\' budget ends it for everyone', async () => {
    const { throttle } = underAttack();
    for (let i = 0; i < 4; i++) await fail(throttle, 'A:x', `10.0.1.${i}`);
    for (let i = 0; i < 3; i++) {
      expect((await fail(throttle, 'A:x', `10.0.2.${i}`)).admitted).toBe(true);
      expect((await throttle.admit('A:x', `10.0.2.${i}`)).admitted).toBe(false);
    }
    // 4 + 3 guesses this hour: now even a clean address is refused until the hour ends.
    expect(await throttle.admit('A:x', '10.0.9.9')).toEqual({ admitted: false, retryAfterSeconds: 3600 });
    t = 3_600_000;
    expect((await throttle.admit('A:x', '10.0.9.9')).admitted).toBe(true);
  });

  it('parallel attempts from fresh sources cannot all slip past the budget', async () => {
    const { throttle } = underAttack();
    for (let i = 0; i < 4; i++) await fail(throttle, 'A:x', `10.0.1.${i}`);
    const admissions = await Promise.all(Array.from({ length: 20 }, (_, i) => throttle.admit('A:x', `10.0.3.${i}`)));
    expect(admissions.filter((a) => a.admitted)).toHaveLength(3);
  });
});

describe('MemoryAttemptStore', () => {
  it('holds at most its cap of keys, dropping the least recently used', async () => {
    const store = new MemoryAttemptStore(1000, () => t);
    stores.push(store);
    for (let i = 0; i < 3000; i++) await store.add(`key${i}`, 60_000);
    // 64 shards of 15 (the cap divided evenly), each dropping its least recently used.
    expect(store.size).toBeLessThanOrEqual(1000);
    expect(store.size).toBeGreaterThan(900);
    expect(await store.get('key0')).toBeUndefined();
    expect(await store.get('key2999')).toMatchObject({ count: 1 });
  });

  it('sweeps expired windows', async () => {
    t = 0;
    const store = new MemoryAttemptStore(1000, () => t);
    stores.push(store);
    await store.add('short', 1000);
    await store.add('long', 60_000);
    t = 2000;
    store.sweep();
    expect(store.size).toBe(1);
  });

  it('sweeps on a timer, one shard per tick, the whole store once per period', async () => {
    vi.useFakeTimers();
    try {
      t = 0;
      const store = new MemoryAttemptStore(10_000, () => t, 6400);
      stores.push(store);
      for (let i = 0; i < 500; i++) await store.add(`short${i}`, 1000);
      await store.add('long', 60_000);
      t = 2000;
      vi.advanceTimersByTime(100 * 32);
      expect(store.size).toBeGreaterThan(1);
      expect(store.size).toBeLessThan(501);
      vi.advanceTimersByTime(100 * 32);
      expect(store.size).toBe(1);
      store.close();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

  it('is off by default, a hop count, or a list of proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 10.1.0.0/16,fd00:1::/32, loopback, uniquelocal')).toEqual(['10.0.0.1', '10.1.0.0/16', 'fd00:1::/32', 'loopback', 'uniquelocal']);
  });

  it('refuses at start whatever would trust any address a client claims, or is not an address', () => {
    for (const value of ['true', 'TRUE', '*', '0.0.0.0/0', '::/0', '11']) expect(() => trust(value)).toThrow(/TRUST_PROXY: .*(trust|hop count)/);
    for (const value of ['yes', '10.0.0.1/33', 'proxy.example.org']) expect(() => trust(value)).toThrow(/TRUST_PROXY: .*not an address/);
  });
});

describe('BackgroundTasks', () => {
  it('idle() waits for the work in flight (and what it starts); a failure is logged, never thrown', async () => {
    const tasks = new BackgroundTasks();
    const logged: unknown[] = [];
    const log = { error: (entry: unknown) => { logged.push(entry); } } as unknown as FastifyBaseLogger;
    const done: string[] = [];
    tasks.run('first', log, async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push('first');
      tasks.run('second', log, async () => { done.push('second'); });
    });
    tasks.run('failing', log, async () => { throw new Error('boom'); });
    await tasks.idle();
    expect(done).toEqual(['first', 'second']);
    expect(logged).toMatchObject([{ task: 'failing' }]);
  });
});
