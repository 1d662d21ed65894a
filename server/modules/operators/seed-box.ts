import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, notLike } from 'drizzle-orm';
import { operatorSignInChallenges, platformOperators } from '../../../drizzle/schema/index.js';
import type { Database } from '../../db/index.js';

/**
 * Operators' TOTP seeds at rest (platform_operators.totp_secret, and the seed of an enrolment in
 * progress, operator_sign_in_challenges.enrolment_secret): AES-256-GCM under the TOTP seed key
 * (server/secret-keys.ts), bound to the operator's id, stored as `v1:` and the base64url of
 * nonce (12 bytes), ciphertext and tag. A copy of the database alone no longer yields the codes.
 */
const VERSION = 'v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

const boundTo = (operatorId: string) => Buffer.from(`totp-seed:${operatorId}`);

export function sealSeed(key: Buffer, operatorId: string, seed: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(boundTo(operatorId));
  const body = Buffer.concat([cipher.update(seed, 'utf8'), cipher.final()]);
  return `${VERSION}${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url')}`;
}

/** The seed, or null when `stored` is not a seed sealed by this key for this operator (another
 * key, another operator's, altered, or an earlier version's plaintext not yet sealed at start). */
export function openSeed(key: Buffer, operatorId: string, stored: string | null): string | null {
  if (!stored?.startsWith(VERSION)) return null;
  const bytes = Buffer.from(stored.slice(VERSION.length), 'base64url');
  if (bytes.length <= NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES)).setAAD(boundTo(operatorId));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * At start (server/prepare-database.ts): the seeds an earlier version stored in plaintext are sealed
 * in place, and so are those of enrolments in progress. Answers how many were sealed, and how many
 * sealed seeds this key cannot open (a TOTP_SEED_KEY that changed: those operators need
 * `admin:create` again). The key is read (or made) only when there is a seed.
 */
export async function sealPlaintextSeeds(db: Database, keyOf: () => Buffer): Promise<{ sealed: number; unreadable: number }> {
  return db.withPlatform(async (tx) => {
    let sealed = 0;
    const operators = await tx.select({ id: platformOperators.id, seed: platformOperators.totpSecret }).from(platformOperators)
      .where(isNotNull(platformOperators.totpSecret));
    let unreadable = 0;
    for (const { id, seed } of operators) {
      if (seed!.startsWith(VERSION)) {
        if (openSeed(keyOf(), id, seed) === null) unreadable++;
        continue;
      }
      await tx.update(platformOperators).set({ totpSecret: sealSeed(keyOf(), id, seed!) })
        .where(and(eq(platformOperators.id, id), eq(platformOperators.totpSecret, seed!)));
      sealed++;
    }
    const challenges = await tx.select({ id: operatorSignInChallenges.id, operatorId: operatorSignInChallenges.operatorId, seed: operatorSignInChallenges.enrolmentSecret })
      .from(operatorSignInChallenges)
      .where(and(isNotNull(operatorSignInChallenges.enrolmentSecret), notLike(operatorSignInChallenges.enrolmentSecret, `${VERSION}%`)));
    for (const { id, operatorId, seed } of challenges) {
      await tx.update(operatorSignInChallenges).set({ enrolmentSecret: sealSeed(keyOf(), operatorId, seed!) }).where(eq(operatorSignInChallenges.id, id));
      sealed++;
    }
    return { sealed, unreadable };
  });
}
