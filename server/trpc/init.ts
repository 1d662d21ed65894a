import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { ChurchRole } from '../../common/constants.js';
import { MESSAGES } from '../../common/constants.js';
import type { Context } from './context.js';
import { AppError, forbidden, fromDatabaseError, HTTP_STATUS_BY_CODE, unauthorized } from './errors.js';
import { authenticateChurchSession } from '../modules/auth/session.js';

/** The first validation message, in the words the client shows (schemas carry the spec's texts). */
export function firstIssueMessage(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const zod = cause instanceof ZodError ? cause : undefined;
    const appData = error instanceof AppError ? error.data : {};
    return {
      ...shape,
      message: zod ? firstIssueMessage(zod) : shape.message,
      data: {
        ...shape.data,
        httpStatus: HTTP_STATUS_BY_CODE[error.code] ?? shape.data.httpStatus,
        stack: undefined,
        fieldErrors: zod ? zod.flatten().fieldErrors : undefined,
        ...appData,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Database errors that are the caller's fault become clear 4xx answers; anything else is logged. */
const mapErrors = t.middleware(async ({ ctx, next, path }) => {
  const result = await next();
  if (!result.ok) {
    const err = result.error;
    const mapped = fromDatabaseError(err.cause);
    if (mapped) return { ...result, error: mapped } as typeof result;
    if (err.code === 'INTERNAL_SERVER_ERROR') ctx.log.error({ err: err.cause ?? err, path }, 'procedure failed');
  }
  return result;
});

/** Rung 1: anyone. */
export const publicProcedure = t.procedure.use(mapErrors);

/**
 * Rung 2: a signed-in church user. This is the tenant door: it opens the one transaction of the
 * request as app_tenant with the church from X-Church-Code, authenticates the bearer token inside
 * it (a token of another church finds no session under row-level security) and hands the handler
 * `ctx.tx`, `ctx.user` and `ctx.church`. The transaction rolls back if the handler fails.
 */
export const churchSessionProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.token || !ctx.churchCode) throw unauthorized(MESSAGES.signInRequired);
  const churchId = await ctx.services.churchDirectory.idForCode(ctx.churchCode);
  if (!churchId) throw unauthorized(MESSAGES.sessionExpired);
  return ctx.db.withTenant(churchId, async (tx) => {
    const auth = await authenticateChurchSession(tx, ctx.token!, ctx.config);
    if (!auth) throw unauthorized(MESSAGES.sessionExpired);
    const result = await next({ ctx: { ...ctx, tx, ...auth } });
    if (!result.ok) throw result.error; // roll the transaction back
    return result;
  });
});

/** Rung 3: a signed-in church user whose subscription is valid (01 section 4). Everything except
 * auth, subscription and payment procedures sits on this rung. */
export const tenantProcedure = churchSessionProcedure.use(({ ctx, next }) => {
  const { subscription } = ctx.church;
  if (!subscription.valid) {
    throw forbidden(subscription.message, { reason: `subscription_${subscription.reason}` });
  }
  return next();
});

/** Rung 4: a tenant procedure limited to some roles (01 section 6, 02 section 6). */
export const roleProcedure = (...roles: ChurchRole[]) =>
  tenantProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) throw forbidden(MESSAGES.notAllowed);
    return next();
  });

export { TRPCError };
