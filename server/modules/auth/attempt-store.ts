import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** A fixed window of counted attempts under one key. */
export interface AttemptWindow {
  count: number;
  /** When the window ends and the count starts again from zero (ms since the epoch). */
  resetAt: number;
}

/**
 * Where the sign-in and reset limits keep their counts. Every operation is one atomic step on one
 * key (as INCRBY / PEXPIRE / DEL are in Redis), so limits hold when many requests of one attacker
 * arrive together, and a shared implementation can take over when the app runs as several
 * processes. The in-memory one below is the only one today.
 */
export interface AttemptStore {
  /** Adds `by` (may be negative) to the count of `key`, opening a window of `windowMs` if there is none. */
  add(key: string, windowMs: number, by?: number): Promise<AttemptWindow>;
  get(key: string): Promise<AttemptWindow | undefined>;
  delete(key: string): Promise<void>;
  close(): void;
}

/**
 * In one process's memory, bounded: at most `maxKeys` windows (the least recently used are
 * dropped first), expired ones swept every minute by a timer that does not keep the process alive.
 * To keep a flood of distinct sources cheap, a key is kept as 96 bits of its SHA-256 (an email may
 * be 254 characters) and a window as one number: its end in whole seconds and its count. The
 * windows are spread over 16 caches: growing one large Map rehashes it all at once, a pause of
 * ~10 ms at a quarter of a million keys.
 */
export class MemoryAttemptStore implements AttemptStore {
  private readonly shards: LRUCache<string, number>[];
  private readonly sweeper: NodeJS.Timeout;

  constructor(maxKeys: number, private readonly now: () => number = Date.now, sweepEveryMs = 60_000) {
    this.shards = Array.from({ length: SHARDS }, () => new LRUCache<string, number>({ max: Math.max(1, Math.floor(maxKeys / SHARDS)) }));
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  get size() { return this.shards.reduce((sum, shard) => sum + shard.size, 0); }

  async add(key: string, windowMs: number, by = 1): Promise<AttemptWindow> {
    return this.addNow(key, windowMs, by);
  }

  /** The synchronous step behind `add`: nothing can come between reading and writing the count. */
  addNow(key: string, windowMs: number, by = 1): AttemptWindow {
    const [shard, id] = this.locate(key);
    const now = this.now();
    let window = unpack(shard.get(id));
    if (!window || window.resetAt <= now) window = { count: 0, resetAt: Math.floor((now + windowMs) / 1000) * 1000 };
    window.count = Math.min(MAX_COUNT, Math.max(0, window.count + by));
    shard.set(id, pack(window));
    return window;
  }

  async get(key: string): Promise<AttemptWindow | undefined> {
    const [shard, id] = this.locate(key);
    const window = unpack(shard.get(id));
    return window && window.resetAt > this.now() ? window : undefined;
  }

  async delete(key: string): Promise<void> {
    const [shard, id] = this.locate(key);
    shard.delete(id);
  }

  sweep() {
    const now = this.now();
    for (const shard of this.shards) {
      for (const [id, packed] of shard.entries()) if (unpack(packed)!.resetAt <= now) shard.delete(id);
    }
  }

  close() {
    clearInterval(this.sweeper);
  }

  /** The shard and the short id of a key: 12 bytes of its digest as a fresh 16-character string (a
   * slice of a longer string would keep the longer one alive), the 13th byte picking the shard. */
  private locate(key: string): [LRUCache<string, number>, string] {
    const digest = createHash('sha256').update(key).digest();
    return [this.shards[digest[12] % SHARDS], digest.toString('base64', 0, 12)];
  }
}

const SHARDS = 16;
const MAX_COUNT = 1023;
const pack = (w: AttemptWindow) => (w.resetAt / 1000) * (MAX_COUNT + 1) + w.count;
const unpack = (packed: number | undefined): AttemptWindow | undefined => packed === undefined
  ? undefined
  : { resetAt: Math.floor(packed / (MAX_COUNT + 1)) * 1000, count: packed % (MAX_COUNT + 1) };
