import type { FastifyBaseLogger } from 'fastify';
import { OPERATOR_MESSAGES } from '../../common/constants.js';
import type { BackgroundTasks } from '../background-tasks.js';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { assertCsrfToken, authenticateOperatorSession, operatorCredential, type OperatorCredential } from '../modules/operators/index.js';
import { afterCommitQueue } from '../core/after-commit.js';
import { unauthorized } from '../core/errors.js';
import type { Credentials } from '../core/request.js';
import type { OperatorScope, PublicScope } from '../core/scopes.js';

/** What the operator door needs: the database, the operator session settings, the background
 * runner and the logger; the bearer token or the console's cookie, and the CSRF token. */
export interface OperatorDoorRequest extends Pick<Credentials, 'token' | 'csrfToken'>, Pick<PublicScope, 'secureRequest' | 'cookie'> {
  db: Database;
  config: Pick<Config, 'PUBLIC_URL' | 'OPERATOR_SESSION_IDLE_MINUTES' | 'OPERATOR_SESSION_MAX_HOURS'>;
  services: { background: BackgroundTasks };
  log: FastifyBaseLogger;
}

/** What the door hands on: the operator scope, the session's id and where its token came from. */
export type OperatorSession = OperatorScope & { operatorSessionId: string; operatorCredential: OperatorCredential };

/**
 * The operator door. The platform door (the one that reads across churches) opens only here, after
 * the operator's token (a script's bearer token, or the console's cookie) is found among operator
 * sessions; a church user's token is not there (401), and an operator's token finds no church
 * session on a church path (the church door reads no cookie). A change (`mutation`) made with the
 * cookie must carry its CSRF token (403). As in the tenant door, the transaction rolls back if
 * `work` fails, and what `work` hands to `afterCommit` runs only once it has committed.
 */
export async function enterAsOperator<T>(
  request: OperatorDoorRequest, callType: string, work: (session: OperatorSession) => Promise<T>,
): Promise<T> {
  const credential = operatorCredential(request);
  if (!credential) throw unauthorized(OPERATOR_MESSAGES.signInRequired);
  const committed = afterCommitQueue(request.services.background, request.log);
  const result = await request.db.withPlatform(async (tx) => {
    const auth = await authenticateOperatorSession(tx, credential.token, request.config);
    if (!auth) throw unauthorized(OPERATOR_MESSAGES.sessionExpired);
    assertCsrfToken(request.csrfToken, credential, callType);
    return work({ tx, ...auth, operatorCredential: credential, afterCommit: committed.add });
  });
  committed.run();
  return result;
}
