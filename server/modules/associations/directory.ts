import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { associations } from '../../../drizzle/schema/index.js';
import type { Database } from '../../db/index.js';

/** As the church directory's: an unknown code is believed briefly, a known one for good (an
 * association's code and id never change; whether it is active is read with each session). */
const UNKNOWN_CODE_TTL_MS = 5_000;

/**
 * Association code -> association id, through the platform door and cached: the one lookup before
 * the association is known (sign-in, and each officer's request in the association door). A code is
 * a church's or an association's, never both (`createAssociation` refuses a church's code, and a
 * church's code is drawn among those no association holds).
 */
export function createAssociationDirectory(db: Database, maxEntries = 10_000) {
  const known = new LRUCache<string, string>({ max: maxEntries });
  const unknown = new LRUCache<string, true>({ max: maxEntries, ttl: UNKNOWN_CODE_TTL_MS });
  return {
    async idForCode(code: string): Promise<string | undefined> {
      const hit = known.get(code);
      if (hit) return hit;
      if (unknown.get(code)) return undefined;
      const [row] = await db.withPlatform((tx) =>
        tx.select({ id: associations.id }).from(associations).where(eq(associations.code, code)).limit(1));
      if (!row) {
        unknown.set(code, true);
        return undefined;
      }
      known.set(code, row.id);
      return row.id;
    },
    /** After an association is created: forget that its code was unknown. */
    forget(code: string) {
      known.delete(code);
      unknown.delete(code);
    },
  };
}
export type AssociationDirectory = ReturnType<typeof createAssociationDirectory>;
