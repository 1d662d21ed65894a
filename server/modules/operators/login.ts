import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { OPERATOR_MESSAGES } from '../../../common/constants.js';
import type { operatorLoginInput } from '../../../common/schemas/auth.js';
import { platformOperators } from '../../../drizzle/schema/index.js';
import type { Context } from '../../trpc/context.js';
import { unauthorized } from '../../trpc/errors.js';
import { tooManyAttempts, verifyPassword } from '../auth/index.js';
import { createOperatorSession, toOperatorDto } from './session.js';

/**
 * POST /admin/auth/login: email and password of a platform operator. The same limiter as church
 * sign-in counts the attempt before the password is checked (an operator's key cannot collide with
 * a church user's: it has no church code); every wrong combination gets one answer and one argon2 time.
 */
export async function loginOperator(ctx: Context, input: z.output<typeof operatorLoginInput>) {
  const email = input.email.toLowerCase();
  const accountKey = `operator:${email}`;
  const throttle = ctx.services.loginThrottle;
  const admission = await throttle.admit(accountKey, ctx.ip);
  if (!admission.admitted) throw tooManyAttempts('sign-in attempts', admission.retryAfterSeconds);

  const [operator] = await ctx.db.withPlatform((tx) => tx.select().from(platformOperators)
    .where(sql`lower(${platformOperators.email}) = ${email}`).limit(1));
  const ok = await verifyPassword(operator?.passwordHash, input.password);
  if (!ok || !operator) {
    await throttle.failed(accountKey, ctx.ip);
    throw unauthorized(OPERATOR_MESSAGES.invalidCredentials);
  }
  await throttle.succeeded(accountKey, ctx.ip);
  return ctx.db.withPlatform(async (tx) => {
    const token = await createOperatorSession(tx, operator.id, ctx.config);
    await tx.update(platformOperators).set({ lastLoginAt: new Date() }).where(sql`${platformOperators.id} = ${operator.id}`);
    ctx.log.info({ operatorId: operator.id }, 'operator signed in');
    return { token, admin: toOperatorDto(operator) };
  });
}
