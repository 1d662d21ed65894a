import { sql } from 'drizzle-orm';
import { users } from '../../../drizzle/schema/index.js';
import { MESSAGES } from '../../../common/constants.js';
import type { loginInput } from '../../../common/schemas/auth.js';
import type { z } from 'zod';
import type { Context } from '../../trpc/context.js';
import { badRequest, forbidden, unauthorized } from '../../trpc/errors.js';
import { loadChurch } from '../churches/index.js';
import { toUserDto } from '../users/index.js';
import { verifyPassword } from './password.js';
import { tooManyAttempts } from './throttle.js';
import { googleOnly } from './sign-in-options.js';
import { createChurchSession } from './session.js';

type LoginInput = z.output<typeof loginInput>;

/**
 * Email and password sign-in. Every wrong combination of church code, email and password gets the
 * same answer and costs the same argon2 time. The attempt is counted by the throttle before the
 * password is checked (throttle.ts has the limits), and given back if the password is right.
 */
export async function loginWithPassword(ctx: Context, input: LoginInput) {
  if (googleOnly(ctx.services, input.email)) throw badRequest(MESSAGES.useGoogleSignIn, { reason: 'use_google' });
  const accountKey = `${input.church_code}:${input.email.toLowerCase()}`;
  const throttle = ctx.services.loginThrottle;
  const admission = await throttle.admit(accountKey, ctx.ip);
  if (!admission.admitted) throw tooManyAttempts('sign-in attempts', admission.retryAfterSeconds);

  const churchId = await ctx.services.churchDirectory.idForCode(input.church_code);
  const user = churchId
    ? await ctx.db.withTenant(churchId, async (tx) => {
      const [row] = await tx.select().from(users)
        .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`).limit(1);
      return row;
    })
    : undefined;

  // argon2 runs outside any transaction so no connection is held during it.
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!ok || !user || !churchId) {
    await throttle.failed(accountKey, ctx.ip);
    throw unauthorized(MESSAGES.invalidCredentials);
  }
  await throttle.succeeded(accountKey, ctx.ip);
  if (!user.isActive) throw forbidden(MESSAGES.accountInactive, { reason: 'account_inactive' });

  return ctx.db.withTenant(churchId, async (tx) => {
    const token = await createChurchSession(tx, {
      churchId, userId: user.id, ip: ctx.ip, userAgent: ctx.userAgent,
    }, ctx.config);
    const church = await loadChurch(tx, churchId);
    ctx.log.info({ churchId, userId: user.id }, 'church user signed in');
    return { token, user: toUserDto(user), church };
  });
}

