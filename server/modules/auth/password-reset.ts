import { and, eq, isNull, sql } from 'drizzle-orm';
import { churches, passwordResetTokens, users } from '../../../drizzle/schema/index.js';
import type { Context } from '../../trpc/context.js';
import { hashToken, newOpaqueToken } from './tokens.js';
import { admitFromSource } from './throttle.js';

const RESET_TTL_MS = 60 * 60_000;
const PER_IP_WINDOW_MS = 15 * 60_000;
const PER_EMAIL_WINDOW_MS = 60 * 60_000;

/**
 * Forgot password: the dialog asks for the email only, so the address may belong to users of
 * several churches; finding them crosses churches and goes through the platform door.
 *
 * The answer never says whether the address exists, not even by its timing: the caller is answered
 * at once and the lookup and token work happen afterwards. An address may ask only a few times per
 * window (then 429); an email address gets at most a few mails an hour (beyond that the answer is
 * the same and nothing is sent). Each user has one live reset token: a new one ends the older ones.
 * Until mail delivery is configured (a later issue) the link is written to the log outside
 * production, never in production.
 */
export async function requestPasswordReset(ctx: Context, email: string) {
  const { attempts, background } = ctx.services;
  await admitFromSource(attempts, {
    name: 'reset', what: 'password reset requests', windowMs: PER_IP_WINDOW_MS, max: ctx.config.RESET_MAX_PER_IP,
  }, ctx.ip);
  const address = email.toLowerCase();
  const perEmail = await attempts.add(`reset:email:${address}`, PER_EMAIL_WINDOW_MS);
  if (perEmail.count > ctx.config.RESET_MAX_PER_EMAIL) return;
  background.run('password reset', ctx.log, () => issueResetTokens(ctx, address));
}

async function issueResetTokens(ctx: Context, address: string) {
  const links = await ctx.db.withPlatform(async (tx) => {
    const matches = await tx
      .select({ churchId: users.churchId, userId: users.id, code: churches.code })
      .from(users)
      .innerJoin(churches, eq(churches.id, users.churchId))
      .where(and(sql`lower(${users.email}) = ${address}`, eq(users.isActive, true)))
      .limit(20)
      // Two requests for one address wait for each other here, so one token stays live, not two.
      .for('update', { of: users });
    const out: { code: string; link: string }[] = [];
    for (const match of matches) {
      // One live token per user: the older unused ones end here (marked used, so they count).
      await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(and(
        eq(passwordResetTokens.churchId, match.churchId),
        eq(passwordResetTokens.userId, match.userId),
        isNull(passwordResetTokens.usedAt),
      ));
      const token = newOpaqueToken();
      await tx.insert(passwordResetTokens).values({
        churchId: match.churchId,
        userId: match.userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
      });
      out.push({ code: match.code, link: `${ctx.config.PUBLIC_URL}/reset-password/${token}` });
    }
    return out;
  });
  if (ctx.config.NODE_ENV !== 'production') {
    for (const { code, link } of links) ctx.log.info({ churchCode: code }, `password reset link (mail not configured): ${link}`);
  }
}
