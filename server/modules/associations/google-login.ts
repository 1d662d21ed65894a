import { and, eq, isNull, sql } from 'drizzle-orm';
import { associationOfficers, associations } from '../../../drizzle/schema/index.js';
import { MESSAGES } from '../../../common/constants.js';
import { isLocale, SOURCE_LOCALE } from '../../../common/i18n/locales.js';
import type { Database } from '../../db/index.js';
import type { PublicScope } from '../../core/scopes.js';
import { forbidden } from '../../core/errors.js';
import { enterAssociationAsVisitor } from '../../doors/visitor.js';
import { googleIsAuthorityFor, type GoogleIdentity } from '../google-identity/index.js';
import { googleLinkedMail, type Mailer } from '../mail/index.js';
import { startOfficerSession, type FoundOfficer } from './login.js';

/**
 * The officer of this association that a Google identity signs in as, under the church users'
 * rule: by the provider's subject once linked (it never changes for a Google account); an officer
 * with no subject yet by the verified address, once. An officer linked to another Google account is
 * not taken over by whoever holds the address later. Inactive when the officer or the association is.
 */
export async function findOfficerByGoogle(db: Database, associationId: string, identity: GoogleIdentity): Promise<FoundOfficer | undefined> {
  return enterAssociationAsVisitor(db, associationId, async (tx) => {
    const find = (where: ReturnType<typeof and>) => tx.select({ officer: associationOfficers, association: associations })
      .from(associationOfficers).innerJoin(associations, eq(associations.id, associationOfficers.associationId))
      .where(and(eq(associationOfficers.associationId, associationId), where)).limit(1);
    const shape = (row: Awaited<ReturnType<typeof find>>[number] | undefined) =>
      row && { ...row, passwordHash: row.officer.passwordHash, isActive: row.officer.isActive && row.association.isActive };
    const [bySubject] = await find(eq(associationOfficers.googleSubject, identity.subject));
    if (bySubject) return shape(bySubject);
    const [byEmail] = await find(and(sql`lower(${associationOfficers.email}) = ${identity.email.toLowerCase()}`, isNull(associationOfficers.googleSubject)));
    return shape(byEmail);
  });
}

/**
 * Signs in the officer a Google identity found (auth's loginWithGoogle holds the flow, the throttle
 * and the answer to an unknown account): an inactive officer is refused as a church user is; a
 * first Google sign-in links the account where Google is the authority for the officer's address
 * (else refused), and the officer is told by mail once the link is committed.
 */
export async function signInOfficerWithGoogle(scope: PublicScope<{ mailer: Mailer }>, found: FoundOfficer, identity: GoogleIdentity) {
  if (!found.isActive) throw forbidden(MESSAGES.accountInactive, { reason: 'account_inactive' });
  const linking = !found.officer.googleSubject;
  if (linking && !googleIsAuthorityFor(identity, found.officer.email)) {
    throw forbidden(MESSAGES.googleLinkRefused, { reason: 'google_link_refused' });
  }
  const answer = await startOfficerSession(scope, found, { googleSubject: linking ? identity.subject : undefined });
  if (linking) {
    const { officer, association } = answer;
    // In the officer's language, else their association's first (as their reset mail).
    const language = [officer.language, association.languages[0]].find(isLocale) ?? SOURCE_LOCALE;
    scope.services.mailer.send(googleLinkedMail(
      scope.config.PUBLIC_URL,
      { email: officer.email, name: officer.name, language },
      { name: association.name, code: association.code, association: true },
      identity.email,
    ), scope.log);
  }
  return answer;
}
