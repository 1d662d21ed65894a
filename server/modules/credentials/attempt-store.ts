import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** A fixed window of counted attempts under one key. */
export interface AttemptWindow {
  count: number;
  /** When the window ends and the count starts again from zero (ms since the epoch). */
  resetAt: number;
}

/**
 * Where the sign-in and reset limits keep their counts. Every operation is one atomic step on one
 * key, so limits hold when many requests of one attacker arrive together. Two implementations: in
 * this process's memory (below), or in Redis when REDIS_URL is set (`redis-attempt-store.ts`),
 * shared by every server process.
 */
export interface AttemptStore {
  /** Adds `by` (may be negative) to the count of `key`, opening a window of `windowMs` if there is none. */
  add(key: string, windowMs: number, by?: number): Promise<AttemptWindow>;
  get(key: string): Promise<AttemptWindow | undefined>;
  /** True for the first caller only while the key lives (`ttlMs`): a one-time use (SET NX PX in Redis). */
  claim(key: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  close(): void;
}

/**
 * In one process's memory, bounded: at most `maxKeys` windows (the least recently used are
 * dropped first); expired ones are swept by a timer that does not keep the process alive.
 * To keep a flood of distinct sources cheap, a key is kept as 96 bits of its SHA-256 (an email may
 * be 254 characters) and a window as one number: its end in whole seconds and its count. The
 * windows are spread over 64 caches, so that no single step takes long at the cap: growing one large
 * Map rehashes it all at once, and the timer sweeps one cache per tick (the whole store once per
 * `sweepEveryMs`) instead of all of them at once.
 */
export class MemoryAttemptStore implements AttemptStore {
  private readonly shards: LRUCache<string, number>[];
  private readonly sweeper: NodeJS.Timeout;
  private nextToSweep = 0;

  constructor(maxKeys: number, private readonly now: () => number = Date.now, sweepEveryMs = 60_000) {
    const perShard = Math.max(1, Math.floor(maxKeys / SHARDS));
    this.shards = Array.from({ length: SHARDS }, () => new LRUCache<string, number>({ max: perShard }));
    this.sweeper = setInterval(() => {
      this.sweepShard(this.shards[this.nextToSweep]);
      this.nextToSweep = (this.nextToSweep + 1) % SHARDS;
    }, Math.max(1, Math.floor(sweepEveryMs / SHARDS)));
    this.sweeper.unref();
  }

  get size() { return this.shards.reduce((sum, shard) => sum + shard.size, 0); }

  /** Nothing awaits between reading and writing the count: one atomic step, as the interface says. */
  async add(key: string, windowMs: number, by = 1): Promise<AttemptWindow> {
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

  async claim(key: string, ttlMs: number): Promise<boolean> {
    return (await this.add(key, ttlMs)).count === 1;
  }

  async delete(key: string): Promise<void> {
    const [shard, id] = this.locate(key);
    shard.delete(id);
  }

  /** Drops every expired window now (the timer does this one cache at a time). */
  sweep() {
    for (const shard of this.shards) this.sweepShard(shard);
  }

  close() {
    clearInterval(this.sweeper);
  }

  /** A window has ended when its end (whole seconds, the high part of the packed number) is not
   * after now: one comparison per window, nothing allocated while walking the cache. */
  private sweepShard(shard: LRUCache<string, number>) {
    const endedBelow = (Math.floor(this.now() / 1000) + 1) * COUNTS;
    const ended: string[] = [];
    shard.forEach((packed, id) => { if (packed < endedBelow) ended.push(id); });
    for (const id of ended) shard.delete(id);
  }

  /** The shard and the short id of a key: 12 bytes of its SHA-256 as a 12-character string (fresh:
   * V8 copies a slice that short, so the digest is not kept alive), the 13th byte picking the shard.
   * The one-shot `hash` creates no native Hash object: thousands of those per second make every
   * young-generation collection longer (their weak callbacks). */
  private locate(key: string): [LRUCache<string, number>, string] {
    const digest = hash('sha256', key, 'binary');
    return [this.shards[digest.charCodeAt(12) % SHARDS], digest.slice(0, 12)];
  }
}

const SHARDS = 64;
/** A window is packed as (end in seconds) * COUNTS + count: below 2^52 until the year 2106, so exact
 * in a double; a count stops at MAX_COUNT (far above any sensible limit). */
const COUNTS = 2 ** 20;
const MAX_COUNT = COUNTS - 1;
const pack = (w: AttemptWindow) => (w.resetAt / 1000) * COUNTS + w.count;
const unpack = (packed: number | undefined): AttemptWindow | undefined => packed === undefined
  ? undefined
  : { resetAt: Math.floor(packed / COUNTS) * 1000, count: packed % COUNTS };
