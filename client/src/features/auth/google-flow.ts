import type { z } from 'zod';
import { reasonOf } from '../../lib/errors';
import type { googleRegistrationDraft } from '../../../../common/schemas/churches';

/**
 * What this tab remembers of a Google sign-in or registration while the browser is at Google: what
 * the flow is for, the church code of a sign-in, and a registration's form (so the callback screen
 * can register it, and a cancelled or failed flow gets its form back). Kept in sessionStorage: it
 * survives the full-page round trip and stays in this tab. The flow's secrets (state, PKCE verifier,
 * nonce) are not here: the server keeps them in an HttpOnly cookie.
 */
export type RegistrationDraft = z.output<typeof googleRegistrationDraft>;
export type PendingGoogleFlow =
  | { intent: 'login'; churchCode: string }
  | { intent: 'register'; draft: RegistrationDraft };

const KEY = 'sundayschool.google.flow';

export function rememberGoogleFlow(flow: PendingGoogleFlow) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flow));
  } catch {
    // storage disabled: the callback screen will say the flow was lost, with a way back
  }
}

export function pendingGoogleFlow(): PendingGoogleFlow | null {
  try {
    const flow = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingGoogleFlow | null;
    return flow && (flow.intent === 'login' || flow.intent === 'register') ? flow : null;
  } catch {
    return null;
  }
}

export function forgetGoogleFlow() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

/** The provider's page replaces this one (a full-page redirect: Google's consent screen cannot be framed). */
export function leaveForGoogle(authorizationUrl: string) {
  window.location.assign(authorizationUrl);
}

/** Navigation state of the screen a cancelled or failed flow returns to: the message to show. */
export interface GoogleReturnState {
  googleError: string;
}

export function googleErrorOf(state: unknown): string | null {
  const message = (state as Partial<GoogleReturnState> | null)?.googleError;
  return typeof message === 'string' ? message : null;
}

/** The start call refused because no Google client is configured (its `reason`): shown as a notice. */
export const isGoogleNotConfigured = (error: unknown) => reasonOf(error) === 'google_not_configured';
