import { useEffect, useSyncExternalStore } from 'react';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { isUnauthorized, shouldRetry } from '../../../lib/errors';
import { isOperatorSignedOut, operatorSignedIn, subscribeOperatorSession } from '../../../lib/operator-store';

export type Operator = NonNullable<RouterOutputs['operatorAuth']['session']['admin']>;

export type OperatorSession =
  | { status: 'signed_out' }
  | { status: 'verifying' }
  | { status: 'unreachable'; retry: () => void; retrying: boolean }
  | { status: 'signed_in'; admin: Operator };

/** Kept for the page's life: sign-in writes it, sign-out and a 401 remove it. */
const OPERATOR_VERIFY_OPTIONS = { staleTime: Infinity, gcTime: Infinity, retry: shouldRetry } as const;

/** The operator's session: the console's cookie (if any) checked once with operatorAuth.session,
 * which also hands over the session's CSRF token (a page without a session gets `admin: null`). */
export function useOperatorSession(): OperatorSession {
  const signedOut = useSyncExternalStore(subscribeOperatorSession, isOperatorSignedOut, isOperatorSignedOut);
  const verify = trpc.operatorAuth.session.useQuery(undefined, { ...OPERATOR_VERIFY_OPTIONS, enabled: !signedOut });
  const csrf = verify.data?.csrf_token;
  useEffect(() => {
    if (csrf) operatorSignedIn(csrf);
  }, [csrf]);
  if (signedOut) return { status: 'signed_out' };
  if (verify.data) return verify.data.admin ? { status: 'signed_in', admin: verify.data.admin } : { status: 'signed_out' };
  if (verify.isError) {
    if (isUnauthorized(verify.error)) return { status: 'signed_out' };
    return { status: 'unreachable', retry: () => void verify.refetch(), retrying: verify.isFetching };
  }
  return { status: 'verifying' };
}
