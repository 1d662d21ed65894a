import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import type { Services } from '../services.js';
import { credentialsOf, requestFactsOf, type Credentials } from '../core/request.js';
import type { PublicScope } from '../core/scopes.js';

/** What every procedure receives before any rung narrows it: a public scope with all the server's
 * services, the caller's credentials for the doors, and what only tRPC knows of the call. */
export interface Context extends PublicScope<Services>, Credentials {
  requestId: string;
  /** Several tRPC calls in one HTTP request (see unbatchedProcedure). */
  isBatchCall: boolean;
}

export type ContextDeps = { config: Config; db: Database; services: Services };

export function createContextFactory(deps: ContextDeps) {
  return function createContext(req: FastifyRequest, reply: FastifyReply, request: { isBatchCall?: boolean } = {}): Context {
    return {
      ...deps,
      ...requestFactsOf(req, reply),
      ...credentialsOf(req),
      requestId: String(req.id),
      isBatchCall: request.isBatchCall ?? false,
    };
  };
}
