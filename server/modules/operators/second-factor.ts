import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { OPERATOR_MESSAGES } from '../../../common/constants.js';
import type { operatorSecondFactorInput } from '../../../common/schemas/auth.js';
import { operatorSignInChallenges, platformOperators } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';
import type { PublicScope } from '../../core/scopes.js';
import { unauthorized } from '../../core/errors.js';
import { hashToken, tooManyAttempts, type LoginThrottle } from '../auth/index.js';
import { closeChallenge, findChallenge } from './challenges.js';
import { operatorAccountKey } from './login.js';
import { looksLikeRecoveryCode, replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes.js';
import { setOperatorCookie } from './session-cookie.js';
import { createOperatorSession, csrfTokenOf, toOperatorDto } from './session.js';
import { acceptedStep } from './totp.js';
import { openSeed } from './seed-box.js';
import type { SecretKeys } from '../../secret-keys.js';

type Challenge = NonNullable<Awaited<ReturnType<typeof findChallenge>>>;

/** Records `step` as the operator's last accepted one, unless it is not later than it: a code
 * works once, and not after a later one. */
async function acceptStep(tx: Tx, operatorId: string, step: number, confirmSecret?: string): Promise<boolean> {
  const accepted = await tx.update(platformOperators)
    .set({ totpLastStep: step, ...(confirmSecret ? { totpSecret: confirmSecret, totpConfirmedAt: new Date() } : {}), updatedAt: new Date() })
    .where(and(eq(platformOperators.id, operatorId), or(isNull(platformOperators.totpLastStep), lt(platformOperators.totpLastStep, step))))
    .returning({ id: platformOperators.id });
  return accepted.length === 1;
}

/** Checks the code against the challenge; at enrolment a right code confirms the secret and makes
 * the recovery codes (answered once). Undefined: the code is wrong, replayed or spent. */
async function passSecondFactor(tx: Tx, challenge: Challenge, code: string, seedKey: Buffer): Promise<{ recoveryCodes: string[] | null } | undefined> {
  const { operator, enrolmentSecret } = challenge;
  if (enrolmentSecret) {
    // Sealed for this operator (seed-box.ts): confirmed, it becomes the operator's seed as it is.
    const step = acceptedStep(openSeed(seedKey, operator.id, enrolmentSecret), code);
    if (step === null || !await acceptStep(tx, operator.id, step, enrolmentSecret)) return undefined;
    return { recoveryCodes: await replaceRecoveryCodes(tx, operator.id) };
  }
  if (!operator.totpSecret || !operator.totpConfirmedAt) return undefined;
  const step = acceptedStep(openSeed(seedKey, operator.id, operator.totpSecret), code);
  if (step !== null) return await acceptStep(tx, operator.id, step) ? { recoveryCodes: null } : undefined;
  if (looksLikeRecoveryCode(code) && await spendRecoveryCode(tx, operator.id, code)) return { recoveryCodes: null };
  return undefined;
}

/**
 * POST /admin/auth/second-factor: the challenge of the password step and a code of the operator's
 * authenticator app (or, at enrolment, the first code of the new secret) or one recovery code. Each
 * answer is counted by the sign-in limiter on the operator's account before it is checked, so
 * guessing codes locks like guessing passwords. Only a passing code opens the session: answered as
 * a bearer token (`session: "token"`, scripts) or set as the console's cookie with its CSRF token
 * (`session: "cookie"`); the challenge is then used up.
 */
export async function completeOperatorSignIn(scope: PublicScope<{ loginThrottle: LoginThrottle; secretKeys: SecretKeys }>, input: z.output<typeof operatorSecondFactorInput>) {
  const [pending] = await scope.db.withPlatform((tx) => tx.select({ email: platformOperators.email }).from(operatorSignInChallenges)
    .innerJoin(platformOperators, eq(platformOperators.id, operatorSignInChallenges.operatorId))
    .where(and(eq(operatorSignInChallenges.tokenHash, hashToken(input.challenge)), sql`${operatorSignInChallenges.expiresAt} > now()`)).limit(1));
  if (!pending) throw unauthorized(OPERATOR_MESSAGES.challengeExpired, { reason: 'challenge_expired' });

  const accountKey = operatorAccountKey(pending.email);
  const throttle = scope.services.loginThrottle;
  const admission = await throttle.admit(accountKey, scope.ip);
  if (!admission.admitted) throw tooManyAttempts('sign-in attempts', admission.retryAfterSeconds);

  const outcome = await scope.db.withPlatform(async (tx) => {
    const challenge = await findChallenge(tx, input.challenge);
    if (!challenge) return { kind: 'expired' as const };
    const passed = await passSecondFactor(tx, challenge, input.code, scope.services.secretKeys.get('totpSeed'));
    if (!passed) return { kind: 'wrong' as const };
    await closeChallenge(tx, challenge.challengeId);
    const token = await createOperatorSession(tx, challenge.operator.id, scope.config);
    await tx.update(platformOperators).set({ lastLoginAt: new Date() }).where(eq(platformOperators.id, challenge.operator.id));
    return { kind: 'passed' as const, token, admin: toOperatorDto(challenge.operator), recoveryCodes: passed.recoveryCodes };
  });
  if (outcome.kind === 'expired') throw unauthorized(OPERATOR_MESSAGES.challengeExpired, { reason: 'challenge_expired' });
  if (outcome.kind === 'wrong') {
    await throttle.failed(accountKey, scope.ip);
    throw unauthorized(OPERATOR_MESSAGES.invalidCode, { reason: 'invalid_code' });
  }
  // Both counted attempts are given back, the password's and the code's (each call returns one).
  await throttle.succeeded(accountKey, scope.ip);
  await throttle.succeeded(accountKey, scope.ip);
  scope.log.info({ operatorId: outcome.admin.id }, 'operator signed in');
  const answer = { admin: outcome.admin, recovery_codes: outcome.recoveryCodes };
  if (input.session === 'token') return { ...answer, token: outcome.token, csrf_token: null };
  setOperatorCookie(scope, outcome.token);
  return { ...answer, token: null, csrf_token: csrfTokenOf(outcome.token) };
}
