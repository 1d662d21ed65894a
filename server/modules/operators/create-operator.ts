import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { platformOperators } from '../../../drizzle/schema/index.js';
import type { Database, Tx } from '../../db/index.js';
import { hashPassword } from '../credentials/index.js';
import { auditOperatorAction } from '../audit/index.js';
import { replaceRecoveryCodes } from './recovery-codes.js';
import { revokeOperatorSessions } from './session.js';
import { sealSeed } from './seed-box.js';
import { newTotpSecret, otpauthUri } from './totp.js';

/** What `admin:create` prints once: the operator's TOTP secret, its otpauth URI and recovery codes. */
interface OperatorEnrolment {
  secret: string;
  otpauthUri: string;
  recoveryCodes: string[];
}

/** At start: create the operator from PLATFORM_ADMIN_* only when no operator exists yet. It is not
 * enrolled: the console shows its TOTP secret (QR code) after its first password, to confirm with a code. */
export async function ensurePlatformAdmin(db: Database, email: string, password: string): Promise<boolean> {
  const [existing] = await db.withPlatform((tx) => tx.select({ id: platformOperators.id }).from(platformOperators).limit(1));
  if (existing) return false;
  const passwordHash = await hashPassword(checkedPassword(password));
  await db.withPlatform((tx) => tx.insert(platformOperators).values({ email: email.trim().toLowerCase(), name: 'Platform Admin', passwordHash }));
  return true;
}

function checkedPassword(password: string) {
  if (password.length < 8) throw new Error('The operator password must be at least 8 characters.');
  return password;
}

/**
 * `npm run admin:create`: create an operator, or reset the password of an existing one, enrolled in
 * the second factor: a new TOTP secret and new recovery codes replace any earlier ones, the
 * operator's sessions end and a lock of its codes (too many wrong ones) is lifted, audited (the way
 * back in for an operator who lost the authenticator).
 */
export async function createOperator(db: Database, seedKey: Buffer, email: string, password: string, name = 'Platform Admin'): Promise<OperatorEnrolment> {
  const passwordHash = await hashPassword(checkedPassword(password));
  const normalized = email.trim().toLowerCase();
  const secret = newTotpSecret();
  const enrolled = { passwordHash, totpConfirmedAt: new Date(), totpLastStep: null };
  const recoveryCodes = await db.withPlatform(async (tx: Tx) => {
    const [existing] = await tx.select({ id: platformOperators.id }).from(platformOperators)
      .where(sql`lower(${platformOperators.email}) = ${normalized}`).for('update');
    // The sealed seed is bound to the operator's id (seed-box.ts), so a new operator's is drawn first.
    const id = existing?.id ?? randomUUID();
    const totpSecret = sealSeed(seedKey, id, secret);
    if (existing) {
      await tx.update(platformOperators).set({ ...enrolled, totpSecret, updatedAt: new Date() }).where(eq(platformOperators.id, id));
      await revokeOperatorSessions(tx, id);
      await unlockSecondFactor(tx, { id, email: normalized });
    } else {
      await tx.insert(platformOperators).values({ id, email: normalized, name, ...enrolled, totpSecret });
    }
    return replaceRecoveryCodes(tx, id);
  });
  return { secret, otpauthUri: otpauthUri(secret, normalized), recoveryCodes };
}

/** Ends the operator's run of wrong codes; a lock it lifts is audited. */
async function unlockSecondFactor(tx: Tx, operator: { id: string; email: string }) {
  const [was] = await tx.select({ lockedAt: platformOperators.totpLockedAt }).from(platformOperators).where(eq(platformOperators.id, operator.id));
  await tx.update(platformOperators).set({ totpFailures: 0, totpLockedAt: null }).where(eq(platformOperators.id, operator.id));
  if (!was.lockedAt) return;
  await auditOperatorAction(tx, {
    operator, churchId: null, action: 'operator.second_factor_unlocked', resourceType: 'operator', resourceId: operator.id,
    details: { by: 'admin_create' }, description: 'Authenticator codes unlocked by npm run admin:create',
  });
}
