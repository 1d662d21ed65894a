import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { OPERATOR_MESSAGES } from '../../../common/constants.js';
import type { operatorLoginInput } from '../../../common/schemas/auth.js';
import { platformOperators } from '../../../drizzle/schema/index.js';
import type { PublicScope } from '../../core/scopes.js';
import { unauthorized } from '../../core/errors.js';
import { tooManyAttempts, verifyPassword, type LoginThrottle } from '../credentials/index.js';
import type { SecretKeys } from '../../secret-keys.js';
import { openChallenge } from './challenges.js';
import { sealSeed } from './seed-box.js';
import { newTotpSecret, otpauthUri } from './totp.js';

/** The sign-in limiter's account of an operator: it cannot collide with a church user's, which
 * carries a church code. Passwords and second-factor codes count against the same account. */
export const operatorAccountKey = (email: string) => `operator:${email.toLowerCase()}`;

/**
 * POST /admin/auth/login, the first step: email and password. The attempt is counted before the
 * password is checked; every wrong combination gets one answer and one argon2 time. A right password
 * opens no session: it answers a challenge for the second factor, and its attempt stays counted
 * until that passes (operatorAuth.secondFactor), so a known password does not reset the count that
 * guessed codes add to. An operator not yet enrolled gets a new TOTP secret to confirm with it.
 */
export async function loginOperator(scope: PublicScope<{ loginThrottle: LoginThrottle; secretKeys: SecretKeys }>, input: z.output<typeof operatorLoginInput>) {
  const email = input.email.toLowerCase();
  const throttle = scope.services.loginThrottle;
  const admission = await throttle.admit(operatorAccountKey(email), scope.ip);
  if (!admission.admitted) throw tooManyAttempts('sign-in attempts', admission.retryAfterSeconds);

  const [operator] = await scope.db.withPlatform((tx) => tx.select().from(platformOperators)
    .where(sql`lower(${platformOperators.email}) = ${email}`).limit(1));
  const ok = await verifyPassword(operator?.passwordHash, input.password);
  if (!ok || !operator) {
    await throttle.failed(operatorAccountKey(email), scope.ip);
    throw unauthorized(OPERATOR_MESSAGES.invalidCredentials);
  }
  const enrolmentSecret = operator.totpConfirmedAt ? null : newTotpSecret();
  const sealed = enrolmentSecret && sealSeed(scope.services.secretKeys.get('totpSeed'), operator.id, enrolmentSecret);
  const challenge = await scope.db.withPlatform((tx) => openChallenge(tx, operator.id, sealed));
  if (!enrolmentSecret) return { second_factor: 'totp' as const, challenge, enrolment: null };
  return {
    second_factor: 'enrol' as const,
    challenge,
    enrolment: { secret: enrolmentSecret, otpauth_uri: otpauthUri(enrolmentSecret, operator.email) },
  };
}
