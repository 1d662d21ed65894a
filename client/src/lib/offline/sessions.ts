import { getCredentials, subscribeCredentials, type StoredCredentials } from '../session-store';
import type { SessionAnswer } from './kept-queries';

/**
 * The sessions of this page and the answer of each one's check, which names its owner: a session's
 * calls are answered from, and kept under, that owner only. A session's answers live on this device
 * while it is the session stored in this browser.
 */

/** What keeps and reads the answers on the device, fetched when first needed. */
export const device = () => import('./device-answers');

const sameSession = (a: StoredCredentials, b: StoredCredentials | null) =>
  b !== null && a.token === b.token && a.churchCode.toUpperCase() === b.churchCode.toUpperCase();

/** The session is still the one stored in this browser (nobody signed out or in meanwhile). */
export const isCurrent = (credentials: StoredCredentials) => sameSession(credentials, getCredentials());

/** In memory, per page: the check's answer of each session (key: church code and token), once asked. */
const checkOf = new Map<string, Promise<SessionAnswer | null>>();
const sessionKey = (credentials: StoredCredentials) => `${credentials.churchCode.toUpperCase()}|${credentials.token}`;

const keptCheck = (credentials: StoredCredentials) =>
  device().then((d) => d.keptSession(credentials)).catch(() => null);

/** The check's answer of a session: answered on this page, else kept on this device; null when neither. */
export function sessionOf(credentials: StoredCredentials): Promise<SessionAnswer | null> {
  const key = sessionKey(credentials);
  let session = checkOf.get(key);
  if (!session) {
    session = keptCheck(credentials);
    checkOf.set(key, session);
  }
  return session;
}

/** A session check under way: the session's other calls wait for it. Settled with its answer, or else
 * (no answer, a refusal) with the one kept on this device. */
export function sessionCheckStarted(credentials: StoredCredentials) {
  let settle: (session: SessionAnswer | null | Promise<SessionAnswer | null>) => void = () => undefined;
  checkOf.set(sessionKey(credentials), new Promise((resolve) => (settle = resolve)));
  return {
    answered: (session: SessionAnswer) => settle(session),
    notAnswered: () => settle(keptCheck(credentials)),
  };
}

/** A session signed in on this page: the sign-in's answer is its check's. */
export function sessionSignedIn(credentials: StoredCredentials, session: SessionAnswer) {
  checkOf.set(sessionKey(credentials), Promise.resolve(session));
}

/** From now on, a session that ends in this browser (sign-out, a 401, another session signed in, or
 * "sign in again") has its answers and its owner's deleted; not the owner's waiting marks. */
export function forgetEndedSessions() {
  let stored = getCredentials();
  subscribeCredentials(() => {
    const ended = stored;
    stored = getCredentials();
    if (!ended || sameSession(ended, stored)) return;
    const session = sessionOf(ended);
    checkOf.delete(sessionKey(ended));
    void Promise.all([device(), session]).then(([d, check]) => d.forgetSession(ended, check)).catch(() => undefined);
  });
}
