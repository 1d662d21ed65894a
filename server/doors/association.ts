import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES } from '../../common/constants.js';
import { officerRolesWith, type OfficerCapability } from '../../common/associations.js';
import type { BackgroundTasks } from '../background-tasks.js';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { authenticateOfficerSession, type AssociationDirectory } from '../modules/associations/index.js';
import { afterCommitQueue } from '../core/after-commit.js';
import { forbidden, unauthorized } from '../core/errors.js';
import type { Credentials } from '../core/request.js';
import type { AssociationScope } from '../core/scopes.js';

/** What the association door needs: the database, the association directory, the session settings,
 * the background runner and the logger; the token and the code (sent as X-Church-Code: one field of
 * the sign-in screen holds a church's or an association's code). */
export interface AssociationDoorRequest extends Pick<Credentials, 'token' | 'churchCode'> {
  db: Database;
  config: Pick<Config, 'SESSION_TTL_HOURS' | 'SESSION_MAX_AGE_HOURS'>;
  services: { associationDirectory: AssociationDirectory; background: BackgroundTasks };
  log: FastifyBaseLogger;
}

export type AssociationSession = AssociationScope & { sessionId: string };

/**
 * The association door: an officer's session, in one transaction as app_association with the
 * association of the code. That role holds privileges on the association's own tables only: a
 * church's rows are out of its reach whatever the work asks, and its members' figures come from
 * functions the platform owns, which read only the churches that are members now (migrations 0047,
 * 0048). A church's code finds no association (401), and a token of another association finds no
 * session under row-level security. Rolls back if `work` fails; after-commit work runs once committed.
 */
export async function enterAssociation<T>(request: AssociationDoorRequest, work: (session: AssociationSession) => Promise<T>): Promise<T> {
  const { token, churchCode: code, services } = request;
  if (!token || !code) throw unauthorized(MESSAGES.signInRequired);
  const associationId = await services.associationDirectory.idForCode(code);
  if (!associationId) throw unauthorized(MESSAGES.sessionExpired);
  const committed = afterCommitQueue(services.background, request.log);
  const result = await request.db.withAssociation(associationId, async (tx) => {
    const auth = await authenticateOfficerSession(tx, associationId, token, request.config);
    if (!auth) throw unauthorized(MESSAGES.sessionExpired);
    return work({ tx, ...auth, afterCommit: committed.add });
  });
  committed.run();
  return result;
}

/** Only officers of the roles holding `capability` pass (403 otherwise). */
export function assertOfficerCapability(officer: AssociationScope['officer'], capability: OfficerCapability): void {
  if (!officerRolesWith(capability).includes(officer.role)) throw forbidden(MESSAGES.notAllowed);
}
