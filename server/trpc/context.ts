import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import type { Services } from '../services.js';
import type { ChurchDto } from '../modules/churches/index.js';

/** What every procedure receives before any middleware narrows it. */
export interface Context {
  config: Config;
  db: Database;
  services: Services;
  log: FastifyRequest['log'];
  requestId: string;
  ip: string;
  userAgent: string | undefined;
  /** Bearer token from the Authorization header, if any. */
  token: string | undefined;
  /** X-Payment-Token header: a paid registration's browser paying without a session. */
  paymentToken: string | undefined;
  /** X-Church-Code header, upper-cased, if any. */
  churchCode: string | undefined;
  /** The request came over HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto). */
  secureRequest: boolean;
  /** X-CSRF-Token header: the operator console's proof that a cookie-carrying change is its own. */
  csrfToken: string | undefined;
  /** Several tRPC calls in one HTTP request (see unbatchedProcedure). */
  isBatchCall: boolean;
  /** A cookie of the request: the Google sign-in flow's (auth/google-flow.ts) and the operator
   * console's session (operators/session-cookie.ts). */
  cookie(name: string): string | undefined;
  /** Adds a Set-Cookie header (a whole header value) to the answer, whether it succeeds or fails. */
  setCookie(header: string): void;
}

/** Who pays for or changes a church's subscription (churchPayerProcedure): the church as its
 * users see it, and its signed-in super admin, or null for the payment token of a paid registration. */
export interface ChurchPayer {
  church: ChurchDto;
  userId: string | null;
  /** A payment token whose church has paid already: it may only read where its orders stand. */
  spentToken: boolean;
}
export type PayerContext = Context & { payer: ChurchPayer };

/** The value of one cookie of a Cookie header (no library: a request's cookies are few and read by name). */
function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

export type ContextDeps = { config: Config; db: Database; services: Services };

export function createContextFactory(deps: ContextDeps) {
  return function createContext(req: FastifyRequest, reply: FastifyReply, request: { isBatchCall?: boolean } = {}): Context {
    const auth = req.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7).trim() || undefined : undefined;
    const code = req.headers['x-church-code'];
    const churchCode = typeof code === 'string' && code.trim() ? code.trim().toUpperCase() : undefined;
    const payment = req.headers['x-payment-token'];
    return {
      ...deps,
      log: req.log,
      requestId: String(req.id),
      ip: req.ip,
      userAgent: req.headers['user-agent'],
      token,
      churchCode,
      paymentToken: typeof payment === 'string' && payment.trim() ? payment.trim() : undefined,
      secureRequest: req.protocol === 'https',
      csrfToken: typeof req.headers['x-csrf-token'] === 'string' ? req.headers['x-csrf-token'] : undefined,
      isBatchCall: request.isBatchCall ?? false,
      cookie: (name) => cookieOf(req.headers.cookie, name),
      setCookie: (header) => {
        void reply.header('set-cookie', header); // Fastify keeps every set-cookie value given
      },
    };
  };
}
