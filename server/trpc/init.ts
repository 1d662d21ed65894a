import { initTRPC } from '@trpc/server';
import type { ChurchRole } from '../../common/constants.js';
import { MESSAGES, OPERATOR_MESSAGES } from '../../common/constants.js';
import { can, rolesWith, type Capability } from '../../common/permissions.js';
import type { ChurchPayer, Context } from './context.js';
import type { ProcedureMeta } from '../rest/meta.js';
import { badRequest, describeError, ERROR_MESSAGES, forbidden, unauthorized } from './errors.js';
import { authenticateChurchSession } from '../modules/auth/index.js';
import { loadChurch } from '../modules/churches/index.js';
import { paymentTokenState } from '../modules/payments/index.js';
import { assertCsrfToken, authenticateOperatorSession, operatorCredential } from '../modules/operators/index.js';
import type { ChurchDto } from '../modules/churches/index.js';
import type { UserDto } from '../modules/users/index.js';
import type { TenantScope } from '../request-scope.js';

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  /** Every tRPC error answer comes from the one policy (errors.ts): no SQL, stack or parameters. */
  errorFormatter({ shape, error, ctx }) {
    const answer = describeError(error);
    return {
      code: shape.code,
      message: answer.message,
      data: {
        code: shape.data.code,
        httpStatus: answer.status,
        reason: answer.reason,
        retryAfterSeconds: answer.retryAfterSeconds,
        fieldErrors: answer.fieldErrors,
        requestId: answer.internal ? ctx?.requestId : undefined,
      },
    };
  },
});

export const router = t.router;

/** Every church role, for the rungs open to all of them. */
const ALL_CHURCH_ROLES: readonly ChurchRole[] = ['super_admin', 'principal', 'teacher', 'guest'];

/** Rung 1: anyone. Each rung states its access in the procedure's meta (a later rung's replaces it). */
export const publicProcedure = t.procedure.meta({ access: { door: 'public' } });

/** Rung 1 for calls that must come one per request (sign-in, password reset): a batch would let
 * one request make many attempts, and hide them from per-request limits. */
export const unbatchedProcedure = publicProcedure.meta({ access: { door: 'public', unbatched: true } }).use(({ ctx, next }) => {
  if (ctx.isBatchCall) throw badRequest(ERROR_MESSAGES.notInBatch, { reason: 'not_in_batch' });
  return next();
});

/** Work a handler hands to `afterCommit` during its transaction: run in the background (failures
 * logged, shutdown waits for it) once the transaction has committed, never after a rollback. */
function afterCommitQueue(ctx: Context) {
  const tasks: Array<() => Promise<void>> = [];
  return {
    add: (task: () => Promise<void>) => { tasks.push(task); },
    run: () => { for (const task of tasks) ctx.services.background.run('after commit', ctx.log, task); },
  };
}

/** What the door hands on: the tenant scope, and the id of the session that was authenticated. */
type ChurchSession = TenantScope & NonNullable<Awaited<ReturnType<typeof authenticateChurchSession>>>;

/**
 * The tenant door: opens the one transaction of the request as app_tenant with the church from
 * X-Church-Code, authenticates the bearer token inside it (a token of another church finds no
 * session under row-level security) and hands `work` the transaction, the user and the church.
 * The transaction rolls back if `work` fails; what `work` hands to `afterCommit` runs (in the
 * background, failures logged) only once it has committed.
 */
async function enterChurch<T>(ctx: Context, work: (scope: ChurchSession) => Promise<T>): Promise<T> {
  if (!ctx.token || !ctx.churchCode) throw unauthorized(MESSAGES.signInRequired);
  const churchId = await ctx.services.churchDirectory.idForCode(ctx.churchCode);
  if (!churchId) throw unauthorized(MESSAGES.sessionExpired);
  const committed = afterCommitQueue(ctx);
  const result = await ctx.db.withTenant(churchId, async (tx) => {
    const auth = await authenticateChurchSession(tx, ctx.token!, ctx.config);
    if (!auth) throw unauthorized(MESSAGES.sessionExpired);
    return work({ tx, ...auth, afterCommit: committed.add });
  });
  committed.run();
  return result;
}

/** A church whose subscription has lapsed may only reach auth, subscription and payments (01 section 4). */
function assertValidSubscription({ subscription }: ChurchDto) {
  if (!subscription.valid) throw forbidden(subscription.message, { reason: `subscription_${subscription.reason}` });
}

function assertRole(user: UserDto, roles: readonly ChurchRole[]) {
  if (!roles.includes(user.role)) throw forbidden(MESSAGES.notAllowed);
}

/** The door of rungs 3 and 4 for a route that is not a procedure (the gallery's streamed upload
 * and file reads): the same checks, in the same order. */
export function enterChurchAs<T>(ctx: Context, capability: Capability, work: (scope: TenantScope) => Promise<T>): Promise<T> {
  return enterChurch(ctx, (scope) => {
    assertValidSubscription(scope.church);
    assertRole(scope.user, rolesWith(capability));
    return work(scope);
  });
}

/** Rung 2: a signed-in church user, through the tenant door; the handler gets `ctx.tx`, `ctx.user`,
 * `ctx.church` and `ctx.afterCommit`. */
export const churchSessionProcedure = publicProcedure
  .meta({ access: { door: 'church', roles: ALL_CHURCH_ROLES, validSubscription: false } })
  .use(({ ctx, next }) => enterChurch(ctx, async (scope) => {
    const result = await next({ ctx: { ...ctx, ...scope } });
    if (!result.ok) throw result.error; // roll the transaction back
    return result;
  }));

/**
 * Rung 2, for payments: who may pay for a church. Either its super admin, signed in, or the browser
 * that has just registered it, with the payment token of that registration (X-Payment-Token) and the
 * church code (a token spent by the church's payment only reads where its orders stand: the payments
 * module refuses it anything else). Reachable with an invalid subscription (paying is how it becomes valid). The caller is
 * checked in a short tenant transaction; the handler gets `ctx.payer` and does the payment work
 * through the platform door, limiting every statement to `payer.church.id` itself, because a
 * subscription changes only there.
 */
export const churchPayerProcedure = publicProcedure.meta({ access: { door: 'payer' } }).use(async ({ ctx, next }) => {
  if (!ctx.churchCode || (!ctx.token && !ctx.paymentToken)) throw unauthorized(MESSAGES.signInRequired);
  const churchId = await ctx.services.churchDirectory.idForCode(ctx.churchCode);
  if (!churchId) throw unauthorized(MESSAGES.sessionExpired);
  const payer = await ctx.db.withTenant(churchId, async (tx): Promise<ChurchPayer> => {
    if (ctx.paymentToken) {
      const state = await paymentTokenState(tx, churchId, ctx.paymentToken);
      if (!state) throw unauthorized(MESSAGES.sessionExpired);
      return { church: await loadChurch(tx, churchId), userId: null, spentToken: state === 'spent' };
    }
    const auth = await authenticateChurchSession(tx, ctx.token!, ctx.config);
    if (!auth) throw unauthorized(MESSAGES.sessionExpired);
    if (!can(auth.user.role, 'managePlan')) throw forbidden(MESSAGES.notAllowed);
    return { church: auth.church, userId: auth.user.id, spentToken: false };
  });
  return next({ ctx: { ...ctx, payer } });
});

/**
 * Rung 2, for the operator console: a signed-in platform operator. The platform door (the one that
 * reads across churches) opens only here, after the operator's token (a script's bearer token, or
 * the console's cookie) is found among operator sessions; a church user's token is not there (401),
 * and an operator's token finds no church session on a church path (church rungs read no cookie).
 * A change made with the cookie must carry its CSRF token (403). The handler gets `ctx.tx` (the
 * platform transaction), `ctx.operator`, `ctx.operatorCredential` and `ctx.afterCommit`: as in the
 * tenant door, what it is handed runs (in the background, failures logged) only once the
 * transaction has committed.
 */
export const operatorProcedure = publicProcedure.meta({ access: { door: 'operator' } }).use(async ({ ctx, next, type }) => {
  const credential = operatorCredential(ctx);
  if (!credential) throw unauthorized(OPERATOR_MESSAGES.signInRequired);
  const committed = afterCommitQueue(ctx);
  const outcome = await ctx.db.withPlatform(async (tx) => {
    const auth = await authenticateOperatorSession(tx, credential.token, ctx.config);
    if (!auth) throw unauthorized(OPERATOR_MESSAGES.sessionExpired);
    assertCsrfToken(ctx, credential, type);
    const result = await next({ ctx: { ...ctx, tx, ...auth, operatorCredential: credential, afterCommit: committed.add } });
    if (!result.ok) throw result.error; // roll the transaction back
    return result;
  });
  committed.run();
  return outcome;
});

/** Rung 3: a signed-in church user whose subscription is valid (01 section 4). Everything except
 * auth, subscription and payment procedures sits on this rung. */
export const tenantProcedure = churchSessionProcedure
  .meta({ access: { door: 'church', roles: ALL_CHURCH_ROLES, validSubscription: true } })
  .use(({ ctx, next }) => {
    assertValidSubscription(ctx.church);
    return next();
  });

/** Rung 4: a tenant procedure for the roles that hold a capability of the permission table
 * (common/permissions.ts), the one place that says which role may do what. */
export const capabilityProcedure = (capability: Capability) => {
  const roles = rolesWith(capability);
  return tenantProcedure.meta({ access: { door: 'church', roles, validSubscription: true, capability } }).use(({ ctx, next }) => {
    assertRole(ctx.user, roles);
    return next();
  });
};
