import { eq } from 'drizzle-orm';
import { churches } from '../../../drizzle/schema/index.js';
import { createCodeDirectory } from '../../core/code-directory.js';
import type { Database } from '../../db/index.js';

/** Church code -> church id, through the platform door and cached (server/core/code-directory.ts). */
export function createChurchDirectory(db: Database, maxEntries = 50_000) {
  return createCodeDirectory(async (code) => {
    const [row] = await db.withPlatform((tx) =>
      tx.select({ id: churches.id }).from(churches).where(eq(churches.code, code)).limit(1));
    return row?.id;
  }, maxEntries);
}
export type ChurchDirectory = ReturnType<typeof createChurchDirectory>;
