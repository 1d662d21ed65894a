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
 * In one process's memory, bounded: at most `maxKeys` windows (the least recently used are dropped
 * first), expired ones swept every minute by a timer that does not keep the process alive.
 */
export class MemoryAttemptStore implements AttemptStore {
  private readonly windows: LRUCache<string, AttemptWindow>;
  private readonly sweeper: NodeJS.Timeout;

  constructor(maxKeys: number, private readonly now: () => number = Date.now, sweepEveryMs = 60_000) {
    this.windows = new LRUCache<string, AttemptWindow>({ max: maxKeys });
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  get size() { return this.windows.size; }

  async add(key: string, windowMs: number, by = 1): Promise<AttemptWindow> {
    return this.addNow(key, windowMs, by);
  }

  /** The synchronous step behind `add`: nothing can come between reading and writing the count. */
  addNow(key: string, windowMs: number, by = 1): AttemptWindow {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count = Math.max(0, window.count + by);
    return window;
  }

  async get(key: string): Promise<AttemptWindow | undefined> {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window : undefined;
  }

  async delete(key: string): Promise<void> {
    this.windows.delete(key);
  }

  sweep() {
    const now = this.now();
    for (const [key, window] of this.windows.entries()) if (window.resetAt <= now) this.windows.delete(key);
  }

  close() {
    clearInterval(this.sweeper);
  }
}
