import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES, type ChurchRole } from '../../common/constants.js';
import { rolesWith, type Capability } from '../../common/permissions.js';
import type { BackgroundTasks } from '../background-tasks.js';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { authenticateChurchSession } from '../modules/auth/index.js';
import type { ChurchDirectory } from '../modules/churches/index.js';
import type { ChurchDto, UserDto } from '../core/scope-dtos.js';
import { afterCommitQueue } from '../core/after-commit.js';
import { forbidden, unauthorized } from '../core/errors.js';
import type { Credentials } from '../core/request.js';
import type { TenantScope } from '../core/scopes.js';

/** What the church door needs: the database, the church directory, the session settings, the
 * background runner (for after-commit work) and the request's logger; the token and church code. */
export interface ChurchDoorRequest extends Pick<Credentials, 'token' | 'churchCode'> {
  db: Database;
  config: Pick<Config, 'SESSION_TTL_HOURS' | 'SESSION_MAX_AGE_HOURS'>;
  services: { churchDirectory: ChurchDirectory; background: BackgroundTasks };
  log: FastifyBaseLogger;
}

/** What the door hands on: the tenant scope, and the id of the session that was authenticated. */
export type ChurchSession = TenantScope & { sessionId: string };

/**
 * The tenant door: opens the one transaction of the request as app_tenant with the church of the
 * church code, authenticates the bearer token inside it (a token of another church finds no session
 * under row-level security) and hands `work` the transaction, the user and the church. The
 * transaction rolls back if `work` fails; what `work` hands to `afterCommit` runs (in the
 * background, failures logged) only once it has committed.
 */
export async function enterChurch<T>(request: ChurchDoorRequest, work: (session: ChurchSession) => Promise<T>): Promise<T> {
  const { token, churchCode, services } = request;
  if (!token || !churchCode) throw unauthorized(MESSAGES.signInRequired);
  const churchId = await services.churchDirectory.idForCode(churchCode);
  if (!churchId) throw unauthorized(MESSAGES.sessionExpired);
  const committed = afterCommitQueue(services.background, request.log);
  const result = await request.db.withTenant(churchId, async (tx) => {
    const auth = await authenticateChurchSession(tx, churchId, token, request.config);
    if (!auth) throw unauthorized(MESSAGES.sessionExpired);
    return work({ tx, ...auth, afterCommit: committed.add });
  });
  committed.run();
  return result;
}

/** A church whose subscription is not valid (lapsed, unpaid, suspended) reaches only sign-in, its
 * subscription and payments: everything else answers 403 with the validity's reason. */
export function assertValidSubscription({ subscription }: ChurchDto): void {
  if (!subscription.valid) throw forbidden(subscription.message, { reason: `subscription_${subscription.reason}` });
}

/** Only the given roles pass (403 otherwise). */
export function assertRole(user: UserDto, roles: readonly ChurchRole[]): void {
  if (!roles.includes(user.role)) throw forbidden(MESSAGES.notAllowed);
}

/** The door with the checks of a capability procedure (a valid subscription, then a role holding
 * the capability), in the same order, for a route that is not a procedure (the gallery's streamed
 * upload and file reads). */
export function enterChurchAs<T>(request: ChurchDoorRequest, capability: Capability, work: (scope: TenantScope) => Promise<T>): Promise<T> {
  return enterChurch(request, (scope) => {
    assertValidSubscription(scope.church);
    assertRole(scope.user, rolesWith(capability));
    return work(scope);
  });
}
