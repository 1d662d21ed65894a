import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { associationOfficers, associations } from '../../../drizzle/schema/index.js';
import type { Database } from '../../db/index.js';
import type { Locale } from '../../../common/i18n/locales.js';
import { MESSAGES } from '../../../common/constants.js';
import type { AssociationScope, PublicScope } from '../../core/scopes.js';
import { unauthorized } from '../../core/errors.js';
import { enterAssociationAsVisitor } from '../../doors/visitor.js';
import { createOfficerSession, toAssociationDto, toOfficerDto } from './session.js';

/** An officer of the association by address, for the sign-in (auth's loginWithPassword holds its
 * rules: the throttle, the answers, argon2 outside any transaction). Inactive when the officer or
 * the association is. */
export async function findOfficer(db: Database, associationId: string, email: string) {
  return enterAssociationAsVisitor(db, associationId, async (tx) => {
    const [row] = await tx.select({ officer: associationOfficers, association: associations })
      .from(associationOfficers).innerJoin(associations, eq(associations.id, associationOfficers.associationId))
      .where(and(eq(associationOfficers.associationId, associationId), sql`lower(${associationOfficers.email}) = ${email.toLowerCase()}`))
      .limit(1);
    return row && {
      ...row, passwordHash: row.officer.passwordHash, isActive: row.officer.isActive && row.association.isActive,
    };
  });
}
export type FoundOfficer = NonNullable<Awaited<ReturnType<typeof findOfficer>>>;

/** The signed-in officer's session: its token, the officer and the association. A language picked
 * on the sign-in screen is the officer's own from now on, as a church user's is. `googleSubject`:
 * the Google account this sign-in links to the officer (see google-login.ts), in the same
 * transaction; a concurrent link to another Google account wins and this sign-in is refused. */
export async function startOfficerSession(scope: PublicScope, found: FoundOfficer, { language, googleSubject }: { language?: Locale; googleSubject?: string } = {}) {
  const associationId = found.association.id;
  return enterAssociationAsVisitor(scope.db, associationId, async (tx) => {
    if (googleSubject) {
      const linked = await tx.update(associationOfficers).set({ googleSubject, updatedAt: new Date() })
        .where(and(eq(associationOfficers.associationId, associationId), eq(associationOfficers.id, found.officer.id),
          or(isNull(associationOfficers.googleSubject), eq(associationOfficers.googleSubject, googleSubject))))
        .returning({ id: associationOfficers.id });
      if (!linked.length) throw unauthorized(MESSAGES.invalidCredentials);
      scope.log.info({ associationId, officerId: found.officer.id }, 'association officer linked to a Google account');
    }
    const token = await createOfficerSession(tx, associationId, found.officer.id, scope.config);
    if (language && language !== found.officer.language) {
      await saveOfficerLanguage(tx, associationId, found.officer.id, language);
      found.officer.language = language;
    }
    scope.log.info({ associationId, officerId: found.officer.id }, 'association officer signed in');
    return { token, officer: toOfficerDto(found.officer), association: toAssociationDto(found.association) };
  });
}

async function saveOfficerLanguage(tx: AssociationScope['tx'], associationId: string, officerId: string, language: Locale) {
  await tx.update(associationOfficers).set({ language, updatedAt: new Date() })
    .where(and(eq(associationOfficers.associationId, associationId), eq(associationOfficers.id, officerId)));
}

/** PUT /api/association/language: the signed-in officer's own language. */
export async function setOfficerLanguage(scope: AssociationScope, language: Locale) {
  await saveOfficerLanguage(scope.tx, scope.association.id, scope.officer.id, language);
  return { language };
}
