import { timingSafeEqual } from 'node:crypto';
import { OPERATOR_MESSAGES } from '../../../common/constants.js';
import type { Config } from '../../config.js';
import type { Credentials } from '../../core/request.js';
import type { PublicScope } from '../../core/scopes.js';
import { forbidden } from '../../core/errors.js';
import { authenticateOperatorSession, csrfTokenOf, type OperatorDto } from './session.js';

/**
 * The console keeps its session in a cookie its script cannot read (HttpOnly), that no other site's
 * request carries (SameSite=Strict), sent only over HTTPS when the app is served over HTTPS (then
 * named `__Secure-`, which a plain-HTTP response cannot set) and only to the console's API: its tRPC
 * endpoint and the REST paths, both under /api/admin. It lasts no longer than the session may.
 * Scripts keep sending `Authorization: Bearer`; a bearer token wins over the cookie.
 */
const COOKIE_PATH = '/api/admin';

/** What the cookie's name and attributes depend on: whether the app is served over HTTPS. */
type CookieSite = Pick<PublicScope, 'secureRequest'> & { config: Pick<Config, 'PUBLIC_URL'> };
const isSecure = (site: CookieSite) => site.secureRequest || site.config.PUBLIC_URL.startsWith('https:');
const cookieName = (site: CookieSite) => (isSecure(site) ? '__Secure-ss_operator' : 'ss_operator');

function cookieHeader(site: CookieSite, value: string, maxAgeSeconds: number) {
  const attributes = [`${cookieName(site)}=${value}`, `Path=${COOKIE_PATH}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
  if (isSecure(site)) attributes.push('Secure');
  return attributes.join('; ');
}

type CookieAnswer = CookieSite & Pick<PublicScope, 'setCookie'>;

export const setOperatorCookie = (scope: CookieAnswer & { config: Pick<Config, 'OPERATOR_SESSION_MAX_HOURS'> }, token: string) =>
  scope.setCookie(cookieHeader(scope, token, scope.config.OPERATOR_SESSION_MAX_HOURS * 3600));
export const clearOperatorCookie = (scope: CookieAnswer) => scope.setCookie(cookieHeader(scope, '', 0));

/** Where the operator's token came from: a script's header, or the console's cookie. */
export interface OperatorCredential {
  token: string;
  via: 'bearer' | 'cookie';
}

/** The request's operator token: its bearer token, else the console's cookie. */
export function operatorCredential(request: CookieSite & Pick<PublicScope, 'cookie'> & Pick<Credentials, 'token'>): OperatorCredential | undefined {
  if (request.token) return { token: request.token, via: 'bearer' };
  const cookie = request.cookie(cookieName(request));
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** A change (`callType` mutation) made with the cookie must carry the session's CSRF token
 * (X-CSRF-Token), else 403: the browser attaches a cookie to whatever request a page makes, a header
 * only this origin's script can add. A bearer token is never attached by the browser, so its calls
 * need none. */
export function assertCsrfToken(csrfToken: string | undefined, credential: OperatorCredential, callType: string) {
  if (credential.via !== 'cookie' || callType !== 'mutation') return;
  if (!csrfToken || !sameText(csrfToken, csrfTokenOf(credential.token))) {
    throw forbidden(OPERATOR_MESSAGES.csrfRefused, { reason: 'csrf' });
  }
}

/** The console's session as its page sees it at load: the operator and the CSRF token of its cookie,
 * or nobody (a stale cookie is cleared). */
export async function consoleSession(
  scope: PublicScope & Pick<Credentials, 'token'>,
): Promise<{ admin: OperatorDto | null; csrf_token: string | null }> {
  const credential = operatorCredential(scope);
  const auth = credential && await scope.db.withPlatform((tx) => authenticateOperatorSession(tx, credential.token, scope.config));
  if (!credential || !auth) {
    if (credential?.via === 'cookie') clearOperatorCookie(scope);
    return { admin: null, csrf_token: null };
  }
  return { admin: auth.operator, csrf_token: credential.via === 'cookie' ? csrfTokenOf(credential.token) : null };
}
