import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { isUnauthorized, shouldRetry } from '../../lib/errors';
import { getAssociationCredentials, subscribeCredentials } from '../../lib/session-store';
import { activeLanguage, setLanguage, storedLanguage } from '../../lib/i18n';
import { isLocale } from '../../../../common/i18n/locales';
import { officerRolesWith, type OfficerCapability } from '../../../../common/associations';

type AssociationSessionData = RouterOutputs['association']['session'];
export type Officer = AssociationSessionData['officer'];

export type AssociationSession =
  | { status: 'signed_out' }
  | { status: 'verifying' }
  /** The server could not be reached to check the stored sign-in (not a refusal). */
  | { status: 'unreachable'; retry: () => void; retrying: boolean }
  | ({ status: 'signed_in' } & AssociationSessionData);

/** The session answer is kept for the page's life: sign-in writes it, sign-out clears the cache. */
const SESSION_QUERY_OPTIONS = { staleTime: Infinity, gcTime: Infinity, retry: shouldRetry } as const;

const useAssociationCredentials = () => useSyncExternalStore(subscribeCredentials, getAssociationCredentials, getAssociationCredentials);

/**
 * The association officer's session: the stored credentials of kind 'association' checked once with
 * `association.session` (never `auth.verify`, which is a church user's). Sign-in writes its answer
 * into the cache, so a sign-in does not ask again; a refusal (401) clears the stored credentials
 * (app/query-client.ts).
 */
export function useAssociationSession(): AssociationSession {
  const credentials = useAssociationCredentials();
  const session = trpc.association.session.useQuery(undefined, { ...SESSION_QUERY_OPTIONS, enabled: credentials !== null });
  if (!credentials) return { status: 'signed_out' };
  if (session.data) return { status: 'signed_in', ...session.data };
  if (session.isError) {
    if (isUnauthorized(session.error)) return { status: 'signed_out' };
    return { status: 'unreachable', retry: () => void session.refetch(), retrying: session.isFetching };
  }
  return { status: 'verifying' };
}

export type SignedInOfficer = Extract<AssociationSession, { status: 'signed_in' }>;

/** Provided by the association's guard (app/guards.tsx) to its screens. */
export const OfficerSessionContext = createContext<SignedInOfficer | null>(null);

/** The signed-in officer and their association, for the screens behind the association's guard. */
export function useOfficerSession(): SignedInOfficer {
  const session = useContext(OfficerSessionContext);
  if (!session) throw new Error('useOfficerSession is only available behind the association guard');
  return session;
}

/** Whether the signed-in officer may do `capability`: the officers' permission table the server
 * enforces (common/associations.ts), read for the officer's role. */
export function useOfficerCan(capability: OfficerCapability): boolean {
  return officerRolesWith(capability).includes(useOfficerSession().officer.role);
}

/**
 * The officer's own language when they have one and this browser has no choice of its own (a
 * language picked on the sign-in screen or with the header's picker wins).
 */
export function useOfficerLanguage(officer: Officer) {
  const { language } = officer;
  useEffect(() => {
    if (!language || !isLocale(language) || storedLanguage()) return;
    if (language !== activeLanguage()) setLanguage(language, { remember: false }).catch(() => undefined);
  }, [language]);
}
