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
  const { config, db, services } = deps;
  // One object literal of fixed shape, built on every request (no spreads of intermediate objects).
  return function createContext(req: FastifyRequest, reply: FastifyReply, request: { isBatchCall?: boolean } = {}): Context {
    const facts = requestFactsOf(req, reply);
    const credentials = credentialsOf(req);
    return {
      config, db, services,
      log: facts.log, ip: facts.ip, userAgent: facts.userAgent, secureRequest: facts.secureRequest,
      cookie: facts.cookie, setCookie: facts.setCookie,
      token: credentials.token, churchCode: credentials.churchCode,
      paymentToken: credentials.paymentToken, csrfToken: credentials.csrfToken,
      requestId: String(req.id),
      isBatchCall: request.isBatchCall ?? false,
    };
  };
}
