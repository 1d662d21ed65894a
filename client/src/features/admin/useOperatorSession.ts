import { useSyncExternalStore } from 'react';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { isUnauthorized, shouldRetry } from '../../lib/errors';
import { getOperatorToken, subscribeOperatorToken } from './operator-store';

export type Operator = RouterOutputs['operatorAuth']['verify']['admin'];

export type OperatorSession =
  | { status: 'signed_out' }
  | { status: 'verifying' }
  | { status: 'unreachable'; retry: () => void; retrying: boolean }
  | { status: 'signed_in'; admin: Operator };

/** Kept for the page's life: sign-in writes it, sign-out and a 401 remove it. */
const OPERATOR_VERIFY_OPTIONS = { staleTime: Infinity, gcTime: Infinity, retry: shouldRetry } as const;

/** The operator's session: the stored token verified once with operatorAuth.verify. */
export function useOperatorSession(): OperatorSession {
  const token = useSyncExternalStore(subscribeOperatorToken, getOperatorToken, getOperatorToken);
  const verify = trpc.operatorAuth.verify.useQuery(undefined, { ...OPERATOR_VERIFY_OPTIONS, enabled: token !== null });
  if (!token) return { status: 'signed_out' };
  if (verify.data) return { status: 'signed_in', admin: verify.data.admin };
  if (verify.isError) {
    if (isUnauthorized(verify.error)) return { status: 'signed_out' };
    return { status: 'unreachable', retry: () => void verify.refetch(), retrying: verify.isFetching };
  }
  return { status: 'verifying' };
}
