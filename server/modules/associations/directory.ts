import { eq } from 'drizzle-orm';
import { associations } from '../../../drizzle/schema/index.js';
import { createCodeDirectory } from '../../core/code-directory.js';
import type { Database } from '../../db/index.js';

/**
 * Association code -> association id, through the platform door and cached as the church directory
 * is (server/core/code-directory.ts): the one lookup before the association is known (sign-in, and
 * each officer's request in the association door; whether it is active is read with each session). A
 * code is a church's or an association's, never both (`createAssociation` refuses a church's code,
 * and a church's code is drawn among those no association holds).
 */
export function createAssociationDirectory(db: Database, maxEntries = 10_000) {
  return createCodeDirectory(async (code) => {
    const [row] = await db.withPlatform((tx) =>
      tx.select({ id: associations.id }).from(associations).where(eq(associations.code, code)).limit(1));
    return row?.id;
  }, maxEntries);
}
export type AssociationDirectory = ReturnType<typeof createAssociationDirectory>;
