import { LRUCache } from 'lru-cache';

/** How long "nothing has this code" is believed. With several server processes, the process that
 * creates a church or an association forgets its code, but the others cannot be told; they believe
 * an unknown code at most this long. That is harmless in practice: a code is drawn at random or
 * chosen when its holder is created, so only someone guessing codes can have asked for it before.
 * 5 s keeps the point of the cache (one code asked again and again costs one lookup per 5 s, not one
 * per request) and bounds the rare refusal of a holder just created elsewhere to 5 s. Known codes
 * are cached without expiry: a code and its holder's id never change. */
const UNKNOWN_CODE_TTL_MS = 5_000;

/**
 * Code -> id, the one lookup that must happen before its holder (a church, an association) is
 * known: `lookUp` reads it (through the platform door), and both answers are cached, in bounded
 * caches, so guessing codes costs no database round trip each time.
 */
export function createCodeDirectory(lookUp: (code: string) => Promise<string | undefined>, maxEntries: number) {
  const known = new LRUCache<string, string>({ max: maxEntries });
  const unknown = new LRUCache<string, true>({ max: maxEntries, ttl: UNKNOWN_CODE_TTL_MS });
  return {
    async idForCode(code: string): Promise<string | undefined> {
      const hit = known.get(code);
      if (hit) return hit;
      if (unknown.get(code)) return undefined;
      const id = await lookUp(code);
      if (id === undefined) unknown.set(code, true);
      else known.set(code, id);
      return id;
    },
    /** After creating a holder (or changing a code): forget what was believed about it. */
    forget(code: string) {
      known.delete(code);
      unknown.delete(code);
    },
  };
}
