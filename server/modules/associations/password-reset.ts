import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { associationOfficerResetTokens, associationOfficers, associations } from '../../../drizzle/schema/index.js';
import type { Locale } from '../../../common/i18n/locales.js';
import type { PublicScope } from '../../core/scopes.js';
import type { Tx } from '../../db/index.js';
import { findAssociationLink } from '../../doors/link.js';
import { enterAssociationAsVisitor } from '../../doors/visitor.js';
import { passwordResetMail, type Mailer } from '../mail/index.js';
import {
  DEAD_RESET_TOKEN_KEEP_MS, RESET_TTL_MS, hashPassword, hashToken, invalidResetLink, newOpaqueToken,
} from '../credentials/index.js';

/**
 * An association officer's password reset, under the church users' rules (auth's password-reset.ts
 * holds the throttles and the answers, and calls these two): one live token per officer, a link
 * that works once within RESET_TTL_MS, dead tokens deleted, sessions ended by the new password
 * (trigger association_officers_end_sessions). An officer's token lives in its association's table
 * (association_officer_reset_tokens): it names no church user, and no other association's officer.
 */

/**
 * Forgot password, the officers' part: the active officers of active associations with this
 * address (the address may be an officer's in several associations; found across associations
 * through the platform) each get a token, written in their association's own transaction, and a
 * mail with their association's name and code. Run after the answer has gone (the background).
 */
export async function issueOfficerResetTokens(scope: PublicScope<{ mailer: Mailer }>, address: string) {
  const matches = await scope.db.withPlatform((tx) => tx
    .select({
      associationId: associationOfficers.associationId, officerId: associationOfficers.id, name: associationOfficers.name,
      email: associationOfficers.email, code: associations.code, associationName: associations.name,
      // The mail speaks the officer's language: their own, else their association's first.
      language: sql<Locale>`coalesce(${associationOfficers.language}, ${associations.languages}[1])`,
    })
    .from(associationOfficers)
    .innerJoin(associations, eq(associations.id, associationOfficers.associationId))
    .where(and(sql`lower(${associationOfficers.email}) = ${address}`, eq(associationOfficers.isActive, true), eq(associations.isActive, true)))
    .orderBy(associationOfficers.associationId, associationOfficers.id)
    .limit(20));
  for (const match of matches) {
    const token = await enterAssociationAsVisitor(scope.db, match.associationId, (tx) => issueToken(tx, match.associationId, match.officerId));
    // Mailed only once the token is committed, so a link never arrives before it works.
    scope.services.mailer.send(passwordResetMail(
      scope.config.PUBLIC_URL,
      { email: match.email, name: match.name, language: match.language },
      { name: match.associationName, code: match.code, association: true },
      token,
    ), scope.log);
  }
}

async function issueToken(tx: Tx, associationId: string, officerId: string) {
  // Two requests for one address wait for each other here, so one token stays live, not two.
  await tx.select({ id: associationOfficers.id }).from(associationOfficers)
    .where(and(eq(associationOfficers.associationId, associationId), eq(associationOfficers.id, officerId))).for('update');
  const ofOfficer = and(eq(associationOfficerResetTokens.associationId, associationId), eq(associationOfficerResetTokens.officerId, officerId));
  // One live token per officer: the older unused ones end here (marked used, so they count).
  await tx.update(associationOfficerResetTokens).set({ usedAt: new Date() }).where(and(ofOfficer, isNull(associationOfficerResetTokens.usedAt)));
  await tx.delete(associationOfficerResetTokens).where(and(ofOfficer, or(
    lt(associationOfficerResetTokens.usedAt, new Date(Date.now() - DEAD_RESET_TOKEN_KEEP_MS)),
    lt(associationOfficerResetTokens.expiresAt, new Date(Date.now() - DEAD_RESET_TOKEN_KEEP_MS)),
  )));
  const token = newOpaqueToken();
  await tx.insert(associationOfficerResetTokens).values({
    associationId, officerId, tokenHash: hashToken(token),
    // The database's clock, the one the reset compares with.
    expiresAt: sql`now() + make_interval(secs => ${RESET_TTL_MS / 1000})`,
  });
  return token;
}

/** Platform door: the association of a live (unused, unexpired) officer's reset token, by its hash. */
async function liveOfficerResetToken(platformTx: Tx, tokenHash: string) {
  const [found] = await platformTx.select({ associationId: associationOfficerResetTokens.associationId }).from(associationOfficerResetTokens)
    .where(and(eq(associationOfficerResetTokens.tokenHash, tokenHash), isNull(associationOfficerResetTokens.usedAt),
      gt(associationOfficerResetTokens.expiresAt, sql`now()`)))
    .limit(1);
  return found;
}

/**
 * Reset password with the token of an officer's link (auth's resetPassword tries it once no church
 * has the token): found by its hash through the link door, then spent in its association's
 * transaction by one conditional UPDATE (unused and unexpired: a second use at once waits on the
 * row and finds it used), with the officer's new password. An officer or association deactivated
 * since the mail changes nothing (the throw rolls the spending back too).
 */
export async function resetOfficerPassword(scope: PublicScope, tokenHash: string, newPassword: string) {
  const found = await findAssociationLink(scope.db, tokenHash, liveOfficerResetToken);
  if (!found) throw invalidResetLink();
  // argon2 runs before the transaction: no connection is held meanwhile.
  const passwordHash = await hashPassword(newPassword);
  const associationId = found.link.associationId;
  const officerId = await found.enter(async (tx) => {
    const [consumed] = await tx.update(associationOfficerResetTokens).set({ usedAt: sql`now()` })
      .where(and(
        eq(associationOfficerResetTokens.associationId, associationId),
        eq(associationOfficerResetTokens.tokenHash, tokenHash),
        isNull(associationOfficerResetTokens.usedAt),
        gt(associationOfficerResetTokens.expiresAt, sql`now()`),
      ))
      .returning({ officerId: associationOfficerResetTokens.officerId });
    if (!consumed) throw invalidResetLink();
    const [association] = await tx.select({ isActive: associations.isActive }).from(associations).where(eq(associations.id, associationId));
    if (!association?.isActive) throw invalidResetLink();
    const [changed] = await tx.update(associationOfficers).set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(associationOfficers.associationId, associationId), eq(associationOfficers.id, consumed.officerId), eq(associationOfficers.isActive, true)))
      .returning({ id: associationOfficers.id });
    if (!changed) throw invalidResetLink();
    return changed.id;
  });
  scope.log.info({ associationId, officerId }, 'association officer password reset');
}
