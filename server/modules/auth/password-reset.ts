import { and, eq, sql } from 'drizzle-orm';
import { churches, passwordResetTokens, users } from '../../../drizzle/schema/index.js';
import type { Context } from '../../trpc/context.js';
import { hashToken, newOpaqueToken } from './tokens.js';

const RESET_TTL_MS = 60 * 60_000;

/**
 * Forgot password (01 section 7): the dialog asks for the email only, so the address may belong to
 * users of several churches; finding them crosses churches and goes through the platform door.
 * The answer never says whether the address exists. Until mail delivery is configured (a later
 * issue) the link is written to the server log outside production.
 */
export async function requestPasswordReset(ctx: Context, email: string) {
  const links = await ctx.db.withPlatform(async (tx) => {
    const matches = await tx
      .select({ churchId: users.churchId, userId: users.id, code: churches.code })
      .from(users)
      .innerJoin(churches, eq(churches.id, users.churchId))
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.isActive, true)))
      .limit(20);
    const out: { code: string; link: string }[] = [];
    for (const match of matches) {
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
