import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../../drizzle/schema/index.js';
import { MESSAGES } from '../../../common/constants.js';
import type { loginInput } from '../../../common/schemas/auth.js';
import type { z } from 'zod';
import type { PublicScope } from '../../core/scopes.js';
import { badRequest, forbidden, unauthorized } from '../../core/errors.js';
import { enterChurchAsVisitor } from '../../doors/visitor.js';
import { loadChurch, type ChurchDirectory } from '../churches/index.js';
import { findOfficer, startOfficerSession, type AssociationDirectory } from '../associations/index.js';
import { toSessionUserDto } from '../users/index.js';
import { tooManyAttempts, verifyPassword, type LoginThrottle } from '../credentials/index.js';
import { googleOnly, type GoogleSignIn } from '../google-identity/index.js';
import { createChurchSession } from './session.js';
import { saveOwnLanguage } from './language.js';

type LoginInput = z.output<typeof loginInput>;

/** Why a password sign-in was refused, as the metrics count it: a fixed set, never who tried. */
export const SIGN_IN_REFUSALS = ['invalid_credentials', 'throttled', 'account_inactive', 'use_google'] as const;
export type SignInRefusal = typeof SIGN_IN_REFUSALS[number];

/** What a sign-in uses of the services (Google's sign-in too); `metrics` hears each refusal. */
export type SignInServices = GoogleSignIn & {
  loginThrottle: LoginThrottle;
  churchDirectory: ChurchDirectory;
  associationDirectory: AssociationDirectory;
  metrics: { signInRefused(reason: SignInRefusal): void };
};

/**
 * Email and password sign-in, of a church user with the church's code or of an association officer
 * with the association's (one field of the sign-in screen; a code is never both). Every wrong
 * combination of code, email and password gets the same answer and costs the same argon2 time. The
 * attempt is counted by the throttle before the password is checked (the limits are in the
 * credentials module's throttle.ts), and given back if the password is right. Answers `kind`
 * 'church' (the user and the church) or 'association' (the officer and the association).
 */
export async function loginWithPassword(scope: PublicScope<SignInServices>, input: LoginInput) {
  const refuse = (reason: SignInRefusal, error: Error) => {
    scope.services.metrics.signInRefused(reason);
    return error;
  };
  const churchId = await scope.services.churchDirectory.idForCode(input.church_code);
  const associationId = churchId ? undefined : await scope.services.associationDirectory.idForCode(input.church_code);
  // The Gmail rule holds for church users and association officers alike.
  if (googleOnly(scope.services, input.email)) throw refuse('use_google', badRequest(MESSAGES.useGoogleSignIn, { reason: 'use_google' }));
  const accountKey = `${input.church_code}:${input.email.toLowerCase()}`;
  const throttle = scope.services.loginThrottle;
  const admission = await throttle.admit(accountKey, scope.ip);
  if (!admission.admitted) throw refuse('throttled', tooManyAttempts('sign-in attempts', admission.retryAfterSeconds));

  const user = churchId
    ? await enterChurchAsVisitor(scope.db, churchId, async ({ tx }) => {
      const [row] = await tx.select().from(users)
        .where(and(eq(users.churchId, churchId), sql`lower(${users.email}) = ${input.email.toLowerCase()}`)).limit(1);
      return row;
    })
    : undefined;
  const officer = associationId ? await findOfficer(scope.db, associationId, input.email) : undefined;

  // argon2 runs outside any transaction so no connection is held during it.
  const ok = await verifyPassword(user?.passwordHash ?? officer?.passwordHash, input.password);
  if (!ok || !(user || officer)) {
    await throttle.failed(accountKey, scope.ip);
    throw refuse('invalid_credentials', unauthorized(MESSAGES.invalidCredentials));
  }
  await throttle.succeeded(accountKey, scope.ip);
  if (officer) {
    if (!officer.isActive) throw refuse('account_inactive', forbidden(MESSAGES.accountInactive, { reason: 'account_inactive' }));
    return { kind: 'association' as const, ...await startOfficerSession(scope, officer, { language: input.language }) };
  }
  if (!user || !churchId) throw new Error('unreachable: a verified sign-in has a user or an officer');
  if (!user.isActive) throw refuse('account_inactive', forbidden(MESSAGES.accountInactive, { reason: 'account_inactive' }));

  return enterChurchAsVisitor(scope.db, churchId, async ({ tx }) => {
    const token = await createChurchSession(tx, {
      churchId, userId: user.id, ip: scope.ip, userAgent: scope.userAgent,
    }, scope.config);
    // A language picked on the sign-in screen is the user's own from now on (in the same transaction
    // as the session, so the first page after the sign-in already speaks it).
    if (input.language) await saveOwnLanguage(tx, churchId, user.id, input.language);
    const church = await loadChurch(tx, churchId);
    scope.log.info({ churchId, userId: user.id }, 'church user signed in');
    return { kind: 'church' as const, token, user: toSessionUserDto({ ...user, language: input.language ?? user.language }, church.default_language), church };
  });
}
