import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicScope } from './scopes.js';

/** What a request's headers say of its caller; each door reads the ones it needs. */
export interface Credentials {
  /** Bearer token from the Authorization header, if any. */
  token: string | undefined;
  /** X-Church-Code header, upper-cased, if any. */
  churchCode: string | undefined;
  /** X-Payment-Token header: a paid registration's browser paying without a session. */
  paymentToken: string | undefined;
  /** X-CSRF-Token header: the operator console's proof that a cookie-carrying change is its own. */
  csrfToken: string | undefined;
}

const headerText = (value: string | string[] | undefined) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function credentialsOf(req: FastifyRequest): Credentials {
  const auth = req.headers.authorization;
  const csrf = req.headers['x-csrf-token'];
  return {
    token: auth?.startsWith('Bearer ') ? auth.slice(7).trim() || undefined : undefined,
    churchCode: headerText(req.headers['x-church-code'])?.toUpperCase(),
    paymentToken: headerText(req.headers['x-payment-token']),
    csrfToken: typeof csrf === 'string' ? csrf : undefined,
  };
}

/** The value of one cookie of a Cookie header (no library: a request's cookies are few and read by name). */
function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/** The facts of the request a public scope carries, and the answer's cookies. */
export function requestFactsOf(req: FastifyRequest, reply: FastifyReply): Pick<PublicScope, 'log' | 'ip' | 'userAgent' | 'secureRequest' | 'cookie' | 'setCookie'> {
  return {
    log: req.log,
    ip: req.ip,
    userAgent: req.headers['user-agent'],
    secureRequest: req.protocol === 'https',
    cookie: (name) => cookieOf(req.headers.cookie, name),
    setCookie: (header) => {
      void reply.header('set-cookie', header); // Fastify keeps every set-cookie value given
    },
  };
}
