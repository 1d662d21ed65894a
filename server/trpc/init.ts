import { initTRPC } from '@trpc/server';
import type { ChurchRole } from '../../common/constants.js';
import { rolesWith, type Capability } from '../../common/permissions.js';
import type { Context } from './context.js';
import type { ProcedureMeta } from '../rest/meta.js';
import { badRequest, ERROR_MESSAGES } from '../core/errors.js';
import { assertRole, assertValidSubscription, enterChurch } from '../doors/church.js';
import { findChurchPayer } from '../doors/payer.js';
import { enterAsOperator } from '../doors/operator.js';
import { assertOfficerCapability, enterAssociation } from '../doors/association.js';
import { OFFICER_ROLES, officerRolesWith, type OfficerCapability } from '../../common/associations.js';
import { asTrpcError, describeTrpcError } from './errors.js';

/**
 * The procedure ladder: each rung is a thin wrapper over a door of server/doors, which holds the
 * rule (who may call, which transaction); the rung puts what the door hands on into `ctx`.
 */
const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  /** Every tRPC error answer comes from the one policy: no SQL, stack or parameters. */
  errorFormatter({ shape, error, ctx }) {
    const answer = describeTrpcError(error);
    return {
      code: shape.code,
      message: answer.message,
      data: {
        code: shape.data.code,
        httpStatus: answer.status,
        reason: answer.reason,
        values: answer.values,
        retryAfterSeconds: answer.retryAfterSeconds,
        fieldErrors: answer.fieldErrors,
        requestId: answer.internal ? ctx?.requestId : undefined,
      },
    };
  },
});

export const router = t.router;
/** Joins routers into one, as a domain whose procedures live in two modules (students and student-import). */
export const mergeRouters = t.mergeRouters;

/** Every church role, for the rungs open to all of them. */
const ALL_CHURCH_ROLES: readonly ChurchRole[] = ['super_admin', 'principal', 'teacher', 'guest'];

/** A domain refusal keeps its own tRPC code (asTrpcError), whichever rung or handler threw it. */
const domainErrors = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw asTrpcError(result.error);
  return result;
});

/** Rung 1: anyone. Each rung states its access in the procedure's meta (a later rung's replaces it). */
export const publicProcedure = domainErrors.meta({ access: { door: 'public' } });

/** Rung 1 for calls that must come one per request (sign-in, password reset): a batch would let
 * one request make many attempts, and hide them from per-request limits. */
export const unbatchedProcedure = publicProcedure.meta({ access: { door: 'public', unbatched: true } }).use(({ ctx, next }) => {
  if (ctx.isBatchCall) throw badRequest(ERROR_MESSAGES.notInBatch, { reason: 'not_in_batch' });
  return next();
});

/** Rung 2: a signed-in church user, through the tenant door (doors/church.ts); the handler
 * gets `ctx.tx`, `ctx.user`, `ctx.church` and `ctx.afterCommit`. */
export const churchSessionProcedure = publicProcedure
  .meta({ access: { door: 'church', roles: ALL_CHURCH_ROLES, validSubscription: false } })
  .use(({ ctx, next }) => enterChurch(ctx, async (session) => {
    // tRPC merges what next() is given into ctx: the session alone, not a copy of ctx as well.
    const result = await next({ ctx: session });
    if (!result.ok) throw result.error; // roll the transaction back
    return result;
  }));

/** Rung 2, for payments: who may pay for a church (doors/payer.ts); the handler gets `ctx.payer`
 * and does the payment work through the platform door, limited to `payer.church.id`. */
export const churchPayerProcedure = publicProcedure.meta({ access: { door: 'payer' } }).use(async ({ ctx, next }) =>
  next({ ctx: { ...ctx, payer: await findChurchPayer(ctx) } }));

/** Rung 2, for the operator console: a signed-in platform operator, through the operator door
 * (doors/operator.ts); the handler gets `ctx.tx` (the platform transaction), `ctx.operator`,
 * `ctx.operatorCredential` and `ctx.afterCommit`. */
export const operatorProcedure = publicProcedure.meta({ access: { door: 'operator' } }).use(({ ctx, next, type }) =>
  enterAsOperator(ctx, type, async (session) => {
    const result = await next({ ctx: session });
    if (!result.ok) throw result.error; // roll the transaction back
    return result;
  }));

/** Rung 3: a signed-in church user whose subscription is valid. Everything except auth,
 * subscription and payment procedures sits on this rung. */
export const tenantProcedure = churchSessionProcedure
  .meta({ access: { door: 'church', roles: ALL_CHURCH_ROLES, validSubscription: true } })
  .use(({ ctx, next }) => {
    assertValidSubscription(ctx.church);
    return next();
  });

/** Rung 4: a tenant procedure for the roles that hold a capability of the permission table
 * (common/permissions.ts), the one place that says which role may do what. The subscription check
 * of rung 3 and the role check run in one middleware, in that order: each middleware of a
 * procedure costs every call copies of its options, and most procedures sit on this rung. */
export const capabilityProcedure = (capability: Capability) => {
  const roles = rolesWith(capability);
  return churchSessionProcedure.meta({ access: { door: 'church', roles, validSubscription: true, capability } }).use(({ ctx, next }) => {
    assertValidSubscription(ctx.church);
    assertRole(ctx.user, roles);
    return next();
  });
};

/** Rung 2, for associations: a signed-in association officer, through the association door
 * (doors/association.ts); the handler gets `ctx.tx` (a transaction as app_association, which reads
 * no church row), `ctx.officer`, `ctx.association` and `ctx.afterCommit`. */
export const associationProcedure = publicProcedure.meta({ access: { door: 'association', roles: OFFICER_ROLES } }).use(({ ctx, next }) =>
  enterAssociation(ctx, async (session) => {
    const result = await next({ ctx: session });
    if (!result.ok) throw result.error; // roll the transaction back
    return result;
  }));

/** Rung 3 of the association's ladder: the officers whose role holds a capability of the officers'
 * permission table (common/associations.ts). */
export const officerCapabilityProcedure = (capability: OfficerCapability) =>
  associationProcedure.meta({ access: { door: 'association', roles: officerRolesWith(capability), capability } }).use(({ ctx, next }) => {
    assertOfficerCapability(ctx.officer, capability);
    return next();
  });
