import { timingSafeEqual } from 'node:crypto';
import { generateCodeVerifier, generateState } from 'arctic';
import { MESSAGES } from '../../../common/constants.js';
import type { GoogleIntent, GoogleStartInput } from '../../../common/schemas/auth.js';
import type { PublicScope } from '../../core/scopes.js';
import { badRequest, serviceUnavailable } from '../../core/errors.js';
import { admitFromSource, type AttemptStore } from '../credentials/index.js';
import type { GoogleIdentity } from './provider.js';
import type { GoogleSignIn } from './sign-in-options.js';

/**
 * One Google sign-in or registration, from the start call to the callback screen's completion call.
 *
 * The state, the PKCE code verifier and the nonce live in one short-lived cookie that the script of
 * the page cannot read (HttpOnly), sent back on same-site requests and on the provider's redirect
 * (SameSite=Lax), only over HTTPS when the app is served over HTTPS, and then named `__Host-` so that
 * no other host of the domain can plant it. Keeping them in the browser that started the flow (not
 * on the server) is what binds the flow to that browser: a callback address that someone else
 * started and sends to a victim finds no matching cookie there and signs nobody in. It also keeps
 * the flow working across several server processes.
 *
 * A flow completes once: its cookie is cleared by the completion call, whatever the outcome, and its
 * state is remembered for the cookie's lifetime, so a replayed cookie is refused here too (the
 * provider refuses a replayed code on its own).
 */
const FLOW_TTL_SECONDS = 10 * 60;

/** What a flow uses of the services: the provider, and the attempt store that counts the starts
 * and remembers the states already used. */
export type GoogleFlowServices = GoogleSignIn & { attempts: AttemptStore };
type FlowScope = PublicScope<GoogleFlowServices>;

interface FlowCookie {
  state: string;
  verifier: string;
  nonce: string;
  intent: GoogleIntent;
  church_code?: string;
}

const secureCookies = (scope: Pick<FlowScope, 'config'>) => scope.config.PUBLIC_URL.startsWith('https:');
const cookieName = (scope: Pick<FlowScope, 'config'>) => (secureCookies(scope) ? '__Host-ss_google_flow' : 'ss_google_flow');

function cookieHeader(scope: Pick<FlowScope, 'config'>, value: string, maxAgeSeconds: number) {
  const attributes = [`${cookieName(scope)}=${value}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  if (secureCookies(scope)) attributes.push('Secure');
  return attributes.join('; ');
}

const encode = (flow: FlowCookie) => Buffer.from(JSON.stringify(flow)).toString('base64url');

function decode(value: string | undefined): FlowCookie | undefined {
  if (!value) return undefined;
  try {
    const flow = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<FlowCookie>;
    const texts = [flow.state, flow.verifier, flow.nonce].every((part) => typeof part === 'string' && part.length > 0);
    return texts && (flow.intent === 'login' || flow.intent === 'register') ? flow as FlowCookie : undefined;
  } catch {
    return undefined;
  }
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The configured provider, or the 503 that says an administrator has not configured it. */
function provider(scope: FlowScope) {
  const google = scope.services.google;
  if (!google) throw serviceUnavailable(MESSAGES.googleNotConfigured, { reason: 'google_not_configured' });
  return google;
}

/** Flows one address may start in this window (then 429): each start is cheap, but a script
 * starting flows without end would fill the replay memory of `takeGoogleFlow`. */
const START_WINDOW_MS = 15 * 60_000;

/** Starts a flow: sets its cookie and answers the provider's address for a full-page redirect. */
export async function startGoogleFlow(scope: FlowScope, input: GoogleStartInput) {
  const google = provider(scope);
  await admitFromSource(scope.services.attempts, {
    name: 'google-start', what: 'Google sign-in attempts', windowMs: START_WINDOW_MS, max: scope.config.GOOGLE_START_MAX_PER_IP,
  }, scope.ip);
  const flow: FlowCookie = {
    state: generateState(),
    verifier: generateCodeVerifier(),
    nonce: generateState(),
    intent: input.intent,
    ...(input.intent === 'login' ? { church_code: input.church_code } : {}),
  };
  scope.setCookie(cookieHeader(scope, encode(flow), FLOW_TTL_SECONDS));
  return {
    authorization_url: google.authorizationUrl({ state: flow.state, codeVerifier: flow.verifier, nonce: flow.nonce }, input.email),
  };
}

/**
 * Takes the flow this browser started for `intent` (and, for sign-in, that church code), if `state`
 * is its state; otherwise a 400. The flow is spent from here on. `verify` then exchanges the code.
 */
export async function takeGoogleFlow(scope: FlowScope, expected: { state: string; intent: GoogleIntent; churchCode?: string }) {
  const google = provider(scope);
  const flow = decode(scope.cookie(cookieName(scope)));
  scope.setCookie(cookieHeader(scope, '', 0));
  const matches = flow !== undefined && sameText(flow.state, expected.state) && flow.intent === expected.intent
    && (expected.churchCode === undefined || flow.church_code === expected.churchCode);
  if (!matches) throw badRequest(MESSAGES.googleLoginFailed, { reason: 'google_state' });
  // Remembered for the cookie's lifetime in the attempt store: in Redis when configured, so a cookie
  // replayed to another server process is refused as well.
  const first = await scope.services.attempts.claim(`google:state:${flow.state}`, FLOW_TTL_SECONDS * 1000);
  if (!first) throw badRequest(MESSAGES.googleLoginFailed, { reason: 'google_state' });
  return {
    verify: (code: string): Promise<GoogleIdentity> =>
      google.identityFromCode(code, { state: flow.state, codeVerifier: flow.verifier, nonce: flow.nonce }),
  };
}
