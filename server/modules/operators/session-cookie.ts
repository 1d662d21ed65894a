import { timingSafeEqual } from 'node:crypto';
import { OPERATOR_MESSAGES } from '../../../common/constants.js';
import type { Config } from '../../config.js';
import type { Context } from '../../trpc/context.js';
import { forbidden } from '../../trpc/errors.js';
import { authenticateOperatorSession, csrfTokenOf, type OperatorDto } from './session.js';

/**
 * The console keeps its session in a cookie its script cannot read (HttpOnly), that no other site's
 * request carries (SameSite=Strict), sent only over HTTPS when the app is served over HTTPS (then
 * named `__Secure-`, which a plain-HTTP response cannot set) and only to the console's API: its tRPC
 * endpoint and the REST paths, both under /api/admin. It lasts no longer than the session may.
 * Scripts keep sending `Authorization: Bearer`; a bearer token wins over the cookie.
 */
const COOKIE_PATH = '/api/admin';
const isSecure = (ctx: Context) => ctx.secureRequest || ctx.config.PUBLIC_URL.startsWith('https:');
const cookieName = (ctx: Context) => (isSecure(ctx) ? '__Secure-ss_operator' : 'ss_operator');

function cookieHeader(ctx: Context, value: string, maxAgeSeconds: number) {
  const attributes = [`${cookieName(ctx)}=${value}`, `Path=${COOKIE_PATH}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
  if (isSecure(ctx)) attributes.push('Secure');
  return attributes.join('; ');
}

export const setOperatorCookie = (ctx: Context, token: string, config: Pick<Config, 'OPERATOR_SESSION_MAX_HOURS'>) =>
  ctx.setCookie(cookieHeader(ctx, token, config.OPERATOR_SESSION_MAX_HOURS * 3600));
export const clearOperatorCookie = (ctx: Context) => ctx.setCookie(cookieHeader(ctx, '', 0));

/** Where the operator's token came from: a script's header, or the console's cookie. */
export interface OperatorCredential {
  token: string;
  via: 'bearer' | 'cookie';
}

export function operatorCredential(ctx: Context): OperatorCredential | undefined {
  if (ctx.token) return { token: ctx.token, via: 'bearer' };
  const cookie = ctx.cookie(cookieName(ctx));
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** A change made with the cookie must carry the session's CSRF token (X-CSRF-Token), else 403: the
 * browser attaches a cookie to whatever request a page makes, a header only this origin's script
 * can add. A bearer token is never attached by the browser, so its calls need none. */
export function assertCsrfToken(ctx: Context, credential: OperatorCredential, type: string) {
  if (credential.via !== 'cookie' || type !== 'mutation') return;
  if (!ctx.csrfToken || !sameText(ctx.csrfToken, csrfTokenOf(credential.token))) {
    throw forbidden(OPERATOR_MESSAGES.csrfRefused, { reason: 'csrf' });
  }
}

/** The console's session as its page sees it at load: the operator and the CSRF token of its cookie,
 * or nobody (a stale cookie is cleared). */
export async function consoleSession(ctx: Context): Promise<{ admin: OperatorDto | null; csrf_token: string | null }> {
  const credential = operatorCredential(ctx);
  const auth = credential && await ctx.db.withPlatform((tx) => authenticateOperatorSession(tx, credential.token, ctx.config));
  if (!credential || !auth) {
    if (credential?.via === 'cookie') clearOperatorCookie(ctx);
    return { admin: null, csrf_token: null };
  }
  return { admin: auth.operator, csrf_token: credential.via === 'cookie' ? csrfTokenOf(credential.token) : null };
}
