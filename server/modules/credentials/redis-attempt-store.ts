import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { MESSAGES } from '../../../common/constants.js';
import { serviceUnavailable } from '../../core/errors.js';
import type { AttemptStore, AttemptWindow } from './attempt-store.js';

/**
 * The attempt store in Redis, shared by every server process. Each operation is one command or one
 * Lua script, so it is atomic across processes as the interface asks. The semantics are the memory
 * store's: a window opens at the first `add` (also a negative one) and ends `windowMs` later,
 * rounded down to a whole second; the count stays within 0..MAX_COUNT; an ended window counts as
 * none. A window is a hash {c: count, r: end in ms}; Redis drops the key when the window ends.
 *
 * The clock is Redis's own (TIME), the same for every process; a test may pass `now` instead.
 * Keys are the SHA-256 of the limit's key (emails and addresses are not written to Redis).
 *
 * Any failure (Redis down, timed out) is a 503: the limits fail closed, never open.
 */
const ADD = `
local now = tonumber(ARGV[3])
if not now then local t = redis.call('TIME'); now = t[1] * 1000 + math.floor(t[2] / 1000) end
local w = redis.call('HMGET', KEYS[1], 'c', 'r')
local count, reset = tonumber(w[1]), tonumber(w[2])
if not count or not reset or reset <= now then
  count = 0
  reset = math.floor((now + tonumber(ARGV[1])) / 1000) * 1000
end
count = math.min(${2 ** 20 - 1}, math.max(0, count + tonumber(ARGV[2])))
redis.call('HSET', KEYS[1], 'c', count, 'r', reset)
redis.call('PEXPIRE', KEYS[1], math.max(1, reset - now))
return {count, reset}`;

const GET = `
local now = tonumber(ARGV[1])
if not now then local t = redis.call('TIME'); now = t[1] * 1000 + math.floor(t[2] / 1000) end
local w = redis.call('HMGET', KEYS[1], 'c', 'r')
local count, reset = tonumber(w[1]), tonumber(w[2])
if not count or not reset or reset <= now then return false end
return {count, reset}`;

export class RedisAttemptStore implements AttemptStore {
  private readonly add_ = script(ADD);
  private readonly get_ = script(GET);

  constructor(private readonly redis: Redis, private readonly now?: () => number) {}

  async add(key: string, windowMs: number, by = 1): Promise<AttemptWindow> {
    const [count, resetAt] = await this.run(() => this.add_(this.redis, keyOf(key), windowMs, by, this.clock())) as [number, number];
    return { count, resetAt };
  }

  async get(key: string): Promise<AttemptWindow | undefined> {
    const window = await this.run(() => this.get_(this.redis, keyOf(key), this.clock())) as [number, number] | null;
    return window ? { count: window[0], resetAt: window[1] } : undefined;
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    return (await this.run(() => this.redis.set(keyOf(key), '1', 'PX', ttlMs, 'NX'))) === 'OK';
  }

  async delete(key: string): Promise<void> {
    await this.run(() => this.redis.del(keyOf(key)));
  }

  /** The client belongs to the services, which quit it on shutdown. */
  close() {}

  /** An empty argument makes the script read Redis's clock. */
  private clock() { return this.now ? String(this.now()) : ''; }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch {
      // Why is logged where the client reports its connection errors (server/redis.ts).
      throw serviceUnavailable(MESSAGES.limitsUnavailable, { reason: 'limits_unavailable', retryAfterSeconds: 30 });
    }
  }
}

const keyOf = (key: string) => `attempt:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;

/** EVALSHA, and EVAL once when Redis does not know the script yet (after a restart or flush). */
function script(lua: string) {
  const sha = createHash('sha1').update(lua).digest('hex');
  return async (redis: Redis, key: string, ...args: (string | number)[]): Promise<unknown> => {
    try {
      return await redis.evalsha(sha, 1, key, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(lua, 1, key, ...args);
    }
  };
}
