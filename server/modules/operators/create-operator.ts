import { sql } from 'drizzle-orm';
import { platformOperators } from '../../../drizzle/schema/index.js';
import type { Database } from '../../db/index.js';
import { hashPassword } from '../auth/index.js';

/** At start: create the operator from PLATFORM_ADMIN_* only when no operator exists yet. */
export async function ensurePlatformAdmin(db: Database, email: string, password: string): Promise<boolean> {
  const [existing] = await db.withPlatform((tx) => tx.select({ id: platformOperators.id }).from(platformOperators).limit(1));
  if (existing) return false;
  await createOperator(db, email, password);
  return true;
}

/** `npm run admin:create`: create an operator, or reset the password of an existing one. */
export async function createOperator(db: Database, email: string, password: string, name = 'Platform Admin') {
  if (password.length < 8) throw new Error('The operator password must be at least 8 characters.');
  const passwordHash = await hashPassword(password);
  const normalized = email.trim().toLowerCase();
  await db.withPlatform(async (tx) => {
    const updated = await tx.update(platformOperators).set({ passwordHash, updatedAt: new Date() })
      .where(sql`lower(${platformOperators.email}) = ${normalized}`).returning({ id: platformOperators.id });
    if (!updated.length) await tx.insert(platformOperators).values({ email: normalized, name, passwordHash });
  });
}
