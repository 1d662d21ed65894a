import { createContext, useContext, useDeferredValue, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { AppQueryUtils } from '../../app/AppProviders';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { isUnauthorized, shouldRetry } from '../../lib/errors';
import { getCredentials, rememberChurchDay, subscribeCredentials, type StoredCredentials } from '../../lib/session-store';

export type SessionData = RouterOutputs['auth']['verify'];
type SessionUser = SessionData['user'];
export type SessionChurch = SessionData['church'];

export type Session =
  | { status: 'signed_out' }
  | { status: 'verifying' }
  /** The server could not be reached to verify a stored sign-in (not a refusal). */
  | { status: 'unreachable'; retry: () => void; retrying: boolean }
  | { status: 'signed_in'; credentials: StoredCredentials; user: SessionUser; church: SessionChurch };

/** The verify answer is kept for the page's life: sign-in writes it, sign-out clears the cache. */
const VERIFY_QUERY_OPTIONS = { staleTime: Infinity, gcTime: Infinity, retry: shouldRetry } as const;

/**
 * A returning user's session is asked for before the first render, beside the downloads of the
 * frame and the screen, instead of after React has rendered the app once: on a slow phone that
 * render alone takes long. `useSession` then finds the call under way.
 */
export function prefetchSession(utils: AppQueryUtils): Promise<SessionData> {
  const session = utils.auth.verify.fetch(undefined, VERIFY_QUERY_OPTIONS);
  session.catch(() => undefined); // a refusal or an unreachable server is shown by `useSession`
  return session;
}

const useCredentials = () => useSyncExternalStore(subscribeCredentials, getCredentials, getCredentials);

/**
 * The current session: the stored credentials verified once with `auth.verify`.
 * Sign-in writes the verify answer into the query cache, so it is not asked again.
 * A refusal (401) clears the stored credentials (see app/query-client.ts).
 */
export function useSession(): Session {
  const credentials = useCredentials();
  const verify = trpc.auth.verify.useQuery(undefined, { ...VERIFY_QUERY_OPTIONS, enabled: credentials !== null });

  // The verified session arrives as a low-priority update: everything behind the sign-in (the
  // dashboard frame and the screen) then renders in slices that leave the main thread free between
  // them, instead of in one long task on a slow phone.
  const verified = useDeferredValue(verify.data);
  // Kept for the next page load, which works out the church's today from it before verify answers.
  const churchDay = verified?.church.calendar_day;
  useEffect(() => {
    if (churchDay) rememberChurchDay(churchDay);
  }, [churchDay]);
  const signedIn = useMemo<Session | null>(
    () => (credentials && verified ? { status: 'signed_in', credentials, user: verified.user, church: verified.church } : null),
    [credentials, verified],
  );

  if (!credentials) return { status: 'signed_out' };
  if (signedIn) return signedIn;
  if (verify.data) return { status: 'verifying' }; // verified: shown as soon as the deferred render is done
  if (verify.isError) {
    if (isUnauthorized(verify.error)) return { status: 'signed_out' };
    return { status: 'unreachable', retry: () => void verify.refetch(), retrying: verify.isFetching };
  }
  return { status: 'verifying' };
}

export type SignedInSession = Extract<Session, { status: 'signed_in' }>;

/** Provided by the sign-in guard (app/guards.tsx) to everything rendered behind it. */
export const SignedInSessionContext = createContext<SignedInSession | null>(null);

/** The signed-in session, for screens rendered behind the sign-in guard. */
export function useSignedInSession(): SignedInSession {
  const session = useContext(SignedInSessionContext);
  if (!session) throw new Error('useSignedInSession is only available behind the sign-in guard');
  return session;
}
