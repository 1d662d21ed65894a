import { eq } from 'drizzle-orm';
import { churches } from '../../../drizzle/schema/index.js';
import type { Database } from '../../db/index.js';

/**
 * Church code -> church id, the one lookup that must happen before the church is known. It goes
 * through the platform door and is cached: codes and ids never change once a church exists.
 */
export function createChurchDirectory(db: Database, maxEntries = 50_000) {
  const cache = new Map<string, string>();
  return {
    async idForCode(code: string): Promise<string | undefined> {
      const hit = cache.get(code);
      if (hit) return hit;
      const [row] = await db.withPlatform((tx) =>
        tx.select({ id: churches.id }).from(churches).where(eq(churches.code, code)).limit(1));
      if (!row) return undefined;
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(code, row.id);
      return row.id;
    },
    forget(code: string) {
      cache.delete(code);
    },
  };
}
export type ChurchDirectory = ReturnType<typeof createChurchDirectory>;
