import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { churches } from '../../../drizzle/schema/index.js';
import type { Database } from '../../db/index.js';

/** How long "no church has this code" is believed. With several server processes, the process that
 * registers a church forgets its code, but the others cannot be told; they believe an unknown code
 * at most this long. That is harmless in practice: a code is drawn at random when its church is
 * registered, so only someone guessing codes can have asked for it before. 5 s keeps the point of
 * the cache (one code asked again and again costs one lookup per 5 s, not one per request) and
 * bounds the rare refusal of a church just registered elsewhere to 5 s. Known codes are cached
 * without expiry: a church's code and id never change. */
const UNKNOWN_CODE_TTL_MS = 5_000;

/**
 * Church code -> church id, the one lookup that must happen before the church is known. It goes
 * through the platform door and is cached: codes and ids never change once a church exists. Unknown
 * codes are remembered briefly too, so guessing codes costs no database round trip each time.
 * Both caches are bounded.
 */
export function createChurchDirectory(db: Database, maxEntries = 50_000) {
  const known = new LRUCache<string, string>({ max: maxEntries });
  const unknown = new LRUCache<string, true>({ max: maxEntries, ttl: UNKNOWN_CODE_TTL_MS });
  return {
    async idForCode(code: string): Promise<string | undefined> {
      const hit = known.get(code);
      if (hit) return hit;
      if (unknown.get(code)) return undefined;
      const [row] = await db.withPlatform((tx) =>
        tx.select({ id: churches.id }).from(churches).where(eq(churches.code, code)).limit(1));
      if (!row) {
        unknown.set(code, true);
        return undefined;
      }
      known.set(code, row.id);
      return row.id;
    },
    /** After registering a church (or changing a code): forget what was believed about it. */
    forget(code: string) {
      known.delete(code);
      unknown.delete(code);
    },
  };
}
export type ChurchDirectory = ReturnType<typeof createChurchDirectory>;
