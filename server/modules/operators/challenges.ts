import { and, eq, gt, lt, or } from 'drizzle-orm';
import { operatorSignInChallenges, platformOperators } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';
import { hashToken, newOpaqueToken } from '../credentials/index.js';

/** Time to type the code after the password (and, at enrolment, to scan the QR code first). */
const CHALLENGE_TTL_MS = 10 * 60_000;

/** After the password: a challenge for the second factor (only its SHA-256 stored). An operator's
 * earlier challenges end here, so one password opens one challenge at a time. */
export async function openChallenge(tx: Tx, operatorId: string, enrolmentSecret: string | null): Promise<string> {
  const token = newOpaqueToken();
  await tx.delete(operatorSignInChallenges).where(or(
    eq(operatorSignInChallenges.operatorId, operatorId),
    lt(operatorSignInChallenges.expiresAt, new Date()),
  ));
  await tx.insert(operatorSignInChallenges).values({
    operatorId, tokenHash: hashToken(token), enrolmentSecret, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return token;
}

/** The live challenge of `token` with its operator, locked until the transaction ends, so two
 * answers to one challenge are judged one after the other. */
export async function findChallenge(tx: Tx, token: string) {
  const [row] = await tx.select({
    challengeId: operatorSignInChallenges.id,
    enrolmentSecret: operatorSignInChallenges.enrolmentSecret,
    operator: platformOperators,
  }).from(operatorSignInChallenges)
    .innerJoin(platformOperators, eq(platformOperators.id, operatorSignInChallenges.operatorId))
    .where(and(eq(operatorSignInChallenges.tokenHash, hashToken(token)), gt(operatorSignInChallenges.expiresAt, new Date())))
    .limit(1).for('update');
  return row;
}

export async function closeChallenge(tx: Tx, challengeId: string): Promise<void> {
  await tx.delete(operatorSignInChallenges).where(eq(operatorSignInChallenges.id, challengeId));
}
