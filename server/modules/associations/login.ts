import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { associationOfficers, associations } from '../../../drizzle/schema/index.js';
import { MESSAGES } from '../../../common/constants.js';
import type { loginInput } from '../../../common/schemas/auth.js';
import type { PublicScope } from '../../core/scopes.js';
import { forbidden, unauthorized } from '../../core/errors.js';
import { enterAssociationAsVisitor } from '../../doors/visitor.js';
import { tooManyAttempts, verifyPassword, type LoginThrottle } from '../credentials/index.js';
import type { AssociationDirectory } from './directory.js';
import { createOfficerSession, toAssociationDto, toOfficerDto } from './session.js';

type LoginInput = z.output<typeof loginInput>;

/**
 * An association officer's password sign-in with the association's code (the sign-in screen's code
 * field): the church users' throttle, answers and argon2 time. A church's code finds no association,
 * and is answered as a wrong password. Answers the session token, the officer and the association.
 */
export async function loginOfficer(
  scope: PublicScope<{ loginThrottle: LoginThrottle; associationDirectory: AssociationDirectory }>, input: LoginInput,
) {
  const throttle = scope.services.loginThrottle;
  const accountKey = `${input.church_code}:${input.email.toLowerCase()}`;
  const admission = await throttle.admit(accountKey, scope.ip);
  if (!admission.admitted) throw tooManyAttempts('sign-in attempts', admission.retryAfterSeconds);

  const associationId = await scope.services.associationDirectory.idForCode(input.church_code);
  const found = associationId ? await enterAssociationAsVisitor(scope.db, associationId, async (tx) => {
    const [row] = await tx.select({ officer: associationOfficers, association: associations })
      .from(associationOfficers).innerJoin(associations, eq(associations.id, associationOfficers.associationId))
      .where(and(eq(associationOfficers.associationId, associationId), sql`lower(${associationOfficers.email}) = ${input.email.toLowerCase()}`))
      .limit(1);
    return row;
  }) : undefined;
  // argon2 outside any transaction, as for church users.
  const ok = await verifyPassword(found?.officer.passwordHash ?? undefined, input.password);
  if (!ok || !found || !associationId) {
    await throttle.failed(accountKey, scope.ip);
    throw unauthorized(MESSAGES.invalidCredentials);
  }
  await throttle.succeeded(accountKey, scope.ip);
  if (!found.officer.isActive || !found.association.isActive) throw forbidden(MESSAGES.accountInactive, { reason: 'account_inactive' });
  return enterAssociationAsVisitor(scope.db, associationId, async (tx) => {
    const token = await createOfficerSession(tx, associationId, found.officer.id, scope.config);
    await tx.update(associationOfficers).set({ lastLoginAt: new Date() })
      .where(and(eq(associationOfficers.associationId, associationId), eq(associationOfficers.id, found.officer.id)));
    scope.log.info({ associationId, officerId: found.officer.id }, 'association officer signed in');
    return { token, officer: toOfficerDto(found.officer), association: toAssociationDto(found.association) };
  });
}
