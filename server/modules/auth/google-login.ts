import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../../drizzle/schema/index.js';
import { MESSAGES } from '../../../common/constants.js';
import type { googleLoginInput } from '../../../common/schemas/auth.js';
import type { Tx } from '../../db/index.js';
import type { PublicScope } from '../../core/scopes.js';
import { forbidden, unauthorized } from '../../core/errors.js';
import { enterChurchAsVisitor } from '../../doors/visitor.js';
import { loadChurch } from '../churches/index.js';
import { findOfficerByGoogle, signInOfficerWithGoogle } from '../associations/index.js';
import { toSessionUserDto } from '../users/index.js';
import { googleLinkedMail, type Mailer } from '../mail/index.js';
import { tooManyAttempts } from '../credentials/index.js';
import { googleIsAuthorityFor, takeGoogleFlow, type GoogleFlowServices, type GoogleIdentity } from '../google-identity/index.js';
import type { SignInServices } from './login.js';
import { createChurchSession } from './session.js';

type GoogleLoginInput = z.output<typeof googleLoginInput>;

/**
 * The user of this church that a Google identity signs in as. A user is found by the provider's
 * subject, which never changes for a Google account, so a user whose address changes at Google still
 * signs in. A user that has no subject yet (made with a password, or by an administrator) is found
 * by the verified address once, where Google is the authority for that address, and given the
 * subject then (see loginWithGoogle), and is told by mail. A user linked to another
 * Google account is not taken over by whoever holds the address later.
 */
async function findUser(tx: Tx, churchId: string, identity: GoogleIdentity) {
  const [bySubject] = await tx.select().from(users).where(and(eq(users.churchId, churchId), eq(users.googleSubject, identity.subject))).limit(1);
  if (bySubject) return bySubject;
  const [byEmail] = await tx.select().from(users)
    .where(and(eq(users.churchId, churchId), sql`lower(${users.email}) = ${identity.email.toLowerCase()}`, isNull(users.googleSubject))).limit(1);
  return byEmail;
}

/**
 * POST /api/auth/google-login: the authorization code and state of a flow this browser started
 * (the google-identity module), for a church code or an association's (its officer, found and
 * signed in by the associations module under the same rules). Answers exactly as password sign-in does. The throttle counts
 * the attempt under the same account key as a password (church code and address), once the provider
 * has told who it is; a Google account with no user in this church is a failure there and gets the
 * same answer as a wrong password, so an account of one church cannot learn who is in another.
 */
export async function loginWithGoogle(scope: PublicScope<SignInServices & GoogleFlowServices & { mailer: Mailer }>, input: GoogleLoginInput) {
  const flow = await takeGoogleFlow(scope, { state: input.state, intent: 'login', churchCode: input.church_code });
  const identity = await flow.verify(input.token);

  const accountKey = `${input.church_code}:${identity.email.toLowerCase()}`;
  const throttle = scope.services.loginThrottle;
  const admission = await throttle.admit(accountKey, scope.ip);
  if (!admission.admitted) throw tooManyAttempts('sign-in attempts', admission.retryAfterSeconds);

  const churchId = await scope.services.churchDirectory.idForCode(input.church_code);
  const associationId = churchId ? undefined : await scope.services.associationDirectory.idForCode(input.church_code);
  const user = churchId ? await enterChurchAsVisitor(scope.db, churchId, ({ tx }) => findUser(tx, churchId, identity)) : undefined;
  const officer = associationId ? await findOfficerByGoogle(scope.db, associationId, identity) : undefined;
  if (!user && !officer) {
    await throttle.failed(accountKey, scope.ip);
    throw unauthorized(MESSAGES.invalidCredentials);
  }
  await throttle.succeeded(accountKey, scope.ip);
  if (officer) return { kind: 'association' as const, ...await signInOfficerWithGoogle(scope, officer, identity) };
  if (!user || !churchId) throw new Error('unreachable: a Google sign-in found a user or an officer');
  if (!user.isActive) throw forbidden(MESSAGES.accountInactive, { reason: 'account_inactive' });
  const linking = !user.googleSubject;
  if (linking && !googleIsAuthorityFor(identity, user.email)) {
    throw forbidden(MESSAGES.googleLinkRefused, { reason: 'google_link_refused' });
  }

  const answer = await enterChurchAsVisitor(scope.db, churchId, async ({ tx }) => {
    if (linking) {
      // Linked once, by the verified address; from now on only the subject finds this user. The
      // condition makes a concurrent link to another Google account lose instead of overwrite.
      const linked = await tx.update(users).set({ googleSubject: identity.subject, updatedAt: new Date() })
        .where(and(eq(users.churchId, churchId), eq(users.id, user.id),
          or(isNull(users.googleSubject), eq(users.googleSubject, identity.subject))))
        .returning({ id: users.id });
      if (!linked.length) throw unauthorized(MESSAGES.invalidCredentials);
      scope.log.info({ churchId, userId: user.id }, 'church user linked to a Google account');
    }
    const token = await createChurchSession(tx, {
      churchId, userId: user.id, ip: scope.ip, userAgent: scope.userAgent,
    }, scope.config);
    const church = await loadChurch(tx, churchId);
    scope.log.info({ churchId, userId: user.id }, 'church user signed in with Google');
    return { kind: 'church' as const, token, user: toSessionUserDto(user, church.default_language), church };
  });
  // Told once the link is committed: the account's owner learns of a new way into it.
  if (linking) {
    scope.services.mailer.send(googleLinkedMail(scope.config.PUBLIC_URL, answer.user, answer.church, identity.email), scope.log);
  }
  return answer;
}
