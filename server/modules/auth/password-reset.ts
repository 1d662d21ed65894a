import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { churches, passwordResetTokens, users } from '../../../drizzle/schema/index.js';
import { PASSWORD_MESSAGES } from '../../../common/schemas/password.js';
import type { Locale } from '../../../common/i18n/locales.js';
import type { BackgroundTasks } from '../../background-tasks.js';
import type { PublicScope } from '../../core/scopes.js';
import type { Tx } from '../../db/index.js';
import { findLink } from '../../doors/link.js';
import { passwordResetMail, type Mailer } from '../mail/index.js';
import { issueOfficerResetTokens, resetOfficerPassword } from '../associations/index.js';
import {
  admitFromSource, DEAD_RESET_TOKEN_KEEP_MS, hashPassword, hashToken, invalidResetLink, newOpaqueToken, RESET_TTL_MS,
  type AttemptStore,
} from '../credentials/index.js';

const PER_IP_WINDOW_MS = 15 * 60_000;
const PER_EMAIL_WINDOW_MS = 60 * 60_000;

/** What password resets use of the services: the limits' counts, background work and the mailer. */
type ResetScope = PublicScope<{ attempts: AttemptStore; background: BackgroundTasks; mailer: Mailer }>;

/**
 * Forgot password: the dialog asks for the email only, so the address may belong to users of
 * several churches; finding them crosses churches and goes through the platform door.
 *
 * The answer never says whether the address exists, not even by its timing: the caller is answered
 * at once and the lookup, token work and mail happen afterwards. An address may ask only a few
 * times per window (then 429); an email address gets at most a few mails an hour (beyond that the
 * answer is the same and nothing is sent). Each user has one live reset token: a new one ends the
 * older ones. Each matching user gets a mail of their own church, with their own link; each
 * association officer with the address gets one of their association (the associations module's
 * part, under the same rules and these same limits).
 */
export async function requestPasswordReset(scope: ResetScope, email: string) {
  const { attempts, background } = scope.services;
  await admitFromSource(attempts, {
    name: 'reset', what: 'password reset requests', windowMs: PER_IP_WINDOW_MS, max: scope.config.RESET_MAX_PER_IP,
  }, scope.ip);
  const address = email.toLowerCase();
  const perEmail = await attempts.add(`reset:email:${address}`, PER_EMAIL_WINDOW_MS);
  if (perEmail.count > scope.config.RESET_MAX_PER_EMAIL) return;
  background.run('password reset', scope.log, async () => {
    await issueResetTokens(scope, address);
    await issueOfficerResetTokens(scope, address);
  });
}

async function issueResetTokens(scope: ResetScope, address: string) {
  const issued = await scope.db.withPlatform(async (tx) => {
    const matches = await tx
      .select({
        churchId: users.churchId, userId: users.id, name: users.name, email: users.email, code: churches.code, churchName: churches.name,
        // The mail speaks the user's language: their own, else their church's default.
        language: sql<Locale>`coalesce(${users.language}, ${churches.defaultLanguage})`,
      })
      .from(users)
      .innerJoin(churches, eq(churches.id, users.churchId))
      .where(and(sql`lower(${users.email}) = ${address}`, eq(users.isActive, true)))
      .orderBy(users.churchId, users.id)
      .limit(20);
    const out: Array<{ match: (typeof matches)[number]; token: string }> = [];
    for (const match of matches) {
      // Two requests for one address wait for each other here, so one token stays live, not two.
      // Locked one by one, by church and id (Citus locks a row only through a query naming its church).
      await tx.select({ id: users.id }).from(users)
        .where(and(eq(users.churchId, match.churchId), eq(users.id, match.userId))).for('update');
      const ofUser = and(eq(passwordResetTokens.churchId, match.churchId), eq(passwordResetTokens.userId, match.userId));
      // One live token per user: the older unused ones end here (marked used, so they count).
      await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(and(ofUser, isNull(passwordResetTokens.usedAt)));
      await tx.delete(passwordResetTokens).where(and(ofUser, or(
        lt(passwordResetTokens.usedAt, new Date(Date.now() - DEAD_RESET_TOKEN_KEEP_MS)),
        lt(passwordResetTokens.expiresAt, new Date(Date.now() - DEAD_RESET_TOKEN_KEEP_MS)),
      )));
      const token = newOpaqueToken();
      await tx.insert(passwordResetTokens).values({
        churchId: match.churchId,
        userId: match.userId,
        tokenHash: hashToken(token),
        // The database's clock, the one the reset compares with.
        expiresAt: sql`now() + make_interval(secs => ${RESET_TTL_MS / 1000})`,
      });
      out.push({ match, token });
    }
    return out;
  });
  // Mailed only once the tokens are committed, so a link never arrives before it works.
  for (const { match, token } of issued) {
    scope.services.mailer.send(passwordResetMail(
      scope.config.PUBLIC_URL,
      { email: match.email, name: match.name, language: match.language },
      { name: match.churchName, code: match.code },
      token,
    ), scope.log);
  }
}

/** Platform door: the church of a live (unused, unexpired) reset token, by its hash. */
async function liveResetToken(platformTx: Tx, tokenHash: string) {
  const [found] = await platformTx.select({ churchId: passwordResetTokens.churchId }).from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)))
    .limit(1);
  return found;
}

/**
 * Reset password with a mailed link's token, through the link door (server/doors/link.ts): the
 * token alone says which church it belongs to; everything else happens in that church's tenant
 * transaction: the token is consumed by a single conditional UPDATE (unused and unexpired), and the
 * user's password changes with it. Two uses of one token at once: the second UPDATE waits for the first's row lock, then finds the token used and changes
 * nothing (400). Changing the password ends every session of the user (the `users_end_sessions`
 * trigger). Tries are limited per address, whatever their outcome. A token no church has may be an
 * association officer's: the associations module resets that one, with the same answers.
 */
export async function resetPassword(scope: ResetScope, input: { token: string; newPassword: string }) {
  await admitFromSource(scope.services.attempts, {
    name: 'reset-password', what: 'password reset attempts', windowMs: PER_IP_WINDOW_MS, max: scope.config.RESET_PASSWORD_MAX_PER_IP,
  }, scope.ip);
  const tokenHash = hashToken(input.token);
  const found = await findLink(scope.db, tokenHash, liveResetToken);
  if (!found) {
    await resetOfficerPassword(scope, tokenHash, input.newPassword);
    return { message: PASSWORD_MESSAGES.resetSuccessful };
  }

  // argon2 runs on libuv's thread pool, before the transaction: no connection is held meanwhile.
  const passwordHash = await hashPassword(input.newPassword);
  const churchId = found.link.churchId;
  const userId = await found.enter(async ({ tx }) => {
    const [consumed] = await tx.update(passwordResetTokens).set({ usedAt: sql`now()` })
      .where(and(
        eq(passwordResetTokens.churchId, churchId),
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ))
      .returning({ userId: passwordResetTokens.userId });
    if (!consumed) throw invalidResetLink();
    const [changed] = await tx.update(users).set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.churchId, churchId), eq(users.id, consumed.userId), eq(users.isActive, true)))
      .returning({ id: users.id });
    // A user deactivated since the mail: nothing changes (the throw rolls the consumption back too).
    if (!changed) throw invalidResetLink();
    return changed.id;
  });
  scope.log.info({ churchId, userId }, 'password reset');
  return { message: PASSWORD_MESSAGES.resetSuccessful };
}
