import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { OPERATOR_MESSAGES } from '../../../common/constants.js';
import type { operatorSecondFactorInput } from '../../../common/schemas/auth.js';
import { operatorSignInChallenges, platformOperators } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';
import type { PublicScope } from '../../core/scopes.js';
import { forbidden, unauthorized } from '../../core/errors.js';
import { hashToken, tooManyAttempts, type LoginThrottle } from '../credentials/index.js';
import { auditOperatorAction } from '../audit/index.js';
import { operatorSecondFactorLockedMail, type Mailer } from '../mail/index.js';
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
 * the recovery codes (answered once). Undefined: the code is wrong, replayed or spent. While the
 * operator's codes are locked (too many wrong ones), only a recovery code passes. */
async function passSecondFactor(tx: Tx, challenge: Challenge, code: string, seedKey: Buffer): Promise<{ recoveryCodes: string[] | null } | undefined> {
  const { operator, enrolmentSecret } = challenge;
  if (enrolmentSecret) {
    // Sealed for this operator (seed-box.ts): confirmed, it becomes the operator's seed as it is.
    const step = acceptedStep(openSeed(seedKey, operator.id, enrolmentSecret), code);
    if (step === null || !await acceptStep(tx, operator.id, step, enrolmentSecret)) return undefined;
    return { recoveryCodes: await replaceRecoveryCodes(tx, operator.id) };
  }
  if (operator.totpLockedAt) return looksLikeRecoveryCode(code) && await spendRecoveryCode(tx, operator.id, code) ? { recoveryCodes: null } : undefined;
  if (!operator.totpSecret || !operator.totpConfirmedAt) return undefined;
  const step = acceptedStep(openSeed(seedKey, operator.id, operator.totpSecret), code);
  if (step !== null) return await acceptStep(tx, operator.id, step) ? { recoveryCodes: null } : undefined;
  if (looksLikeRecoveryCode(code) && await spendRecoveryCode(tx, operator.id, code)) return { recoveryCodes: null };
  return undefined;
}

/**
 * A wrong answer of an enrolled operator: one more in the operator's row (so every process counts
 * the same), and at `cap` in a row the authenticator codes are locked, audited in the same
 * transaction. The challenge's row lock (findChallenge) holds the operator's row too, so the answers
 * to one operator are counted one after the other and exactly one locks.
 */
async function countWrongCode(tx: Tx, challenge: Challenge, cap: number, ip: string) {
  const { operator } = challenge;
  if (challenge.enrolmentSecret || !operator.totpConfirmedAt) return { locked: false, justLocked: undefined };
  const [row] = await tx.update(platformOperators).set({
    totpFailures: sql`${platformOperators.totpFailures} + 1`,
    totpLockedAt: sql`case when ${platformOperators.totpLockedAt} is null and ${platformOperators.totpFailures} + 1 >= ${cap}
      then now() else ${platformOperators.totpLockedAt} end`,
  }).where(eq(platformOperators.id, operator.id)).returning({ failures: platformOperators.totpFailures, lockedAt: platformOperators.totpLockedAt });
  if (!row.lockedAt || operator.totpLockedAt) return { locked: Boolean(row.lockedAt), justLocked: undefined };
  await auditOperatorAction(tx, {
    operator, churchId: null, action: 'operator.second_factor_locked', resourceType: 'operator', resourceId: operator.id,
    details: { failed_codes: row.failures, ip }, description: `Authenticator codes locked after ${row.failures} wrong codes in a row`,
  });
  return { locked: true, justLocked: { failedCodes: row.failures, at: row.lockedAt } };
}

/**
 * POST /admin/auth/second-factor: the challenge of the password step and a code of the operator's
 * authenticator app (or, at enrolment, the first code of the new secret) or one recovery code. Each
 * answer is counted by the sign-in limiter on the operator's account before it is checked, so
 * guessing codes locks like guessing passwords. Only a passing code opens the session: answered as
 * a bearer token (`session: "token"`, scripts) or set as the console's cookie with its CSRF token
 * (`session: "cookie"`); the challenge is then used up.
 */
export async function completeOperatorSignIn(
  scope: PublicScope<{ loginThrottle: LoginThrottle; mailer: Mailer; secretKeys: SecretKeys }>, input: z.output<typeof operatorSecondFactorInput>,
) {
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
    if (!passed) {
      const wrong = await countWrongCode(tx, challenge, scope.config.OPERATOR_MAX_FAILED_CODES, scope.ip);
      const answer = { justLocked: wrong.justLocked, email: challenge.operator.email };
      return wrong.locked ? { kind: 'locked' as const, ...answer } : { kind: 'wrong' as const, ...answer };
    }
    await closeChallenge(tx, challenge.challengeId);
    const token = await createOperatorSession(tx, challenge.operator.id, scope.config);
    // A passing answer ends the run of wrong codes; a recovery code also lifts a lock.
    await tx.update(platformOperators).set({ lastLoginAt: new Date(), totpFailures: 0, totpLockedAt: null })
      .where(eq(platformOperators.id, challenge.operator.id));
    if (challenge.operator.totpLockedAt) {
      await auditOperatorAction(tx, {
        operator: challenge.operator, churchId: null, action: 'operator.second_factor_unlocked', resourceType: 'operator',
        resourceId: challenge.operator.id, details: { by: 'recovery_code' }, description: 'Authenticator codes unlocked by a recovery code',
      });
    }
    return { kind: 'passed' as const, token, admin: toOperatorDto(challenge.operator), recoveryCodes: passed.recoveryCodes };
  });
  if (outcome.kind === 'expired') throw unauthorized(OPERATOR_MESSAGES.challengeExpired, { reason: 'challenge_expired' });
  if (outcome.kind === 'wrong' || outcome.kind === 'locked') {
    await throttle.failed(accountKey, scope.ip);
    if (outcome.justLocked) {
      scope.services.mailer.send(operatorSecondFactorLockedMail(scope.config.PUBLIC_URL, { email: outcome.email }, { ...outcome.justLocked, ip: scope.ip }), scope.log);
    }
    if (outcome.kind === 'locked') throw forbidden(OPERATOR_MESSAGES.secondFactorLocked, { reason: 'second_factor_locked' });
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
