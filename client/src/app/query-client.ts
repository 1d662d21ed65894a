import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../lib/trpc';
import { isSubscriptionRefusal, isUnauthorized, shouldRetry } from '../lib/errors';
import { clearCredentials, getStoredSession, onCredentialsChangedElsewhere } from '../lib/session-store';
import { isOperatorKey, operatorSignedOut } from '../lib/operator-store';
import { KEPT_QUERIES } from '../lib/offline/kept-queries';
import { keepAnswersSetInCache } from '../lib/offline/cache-updates';

/**
 * One query client for the app. Two answers concern the whole session rather than one screen:
 * - 401 on any call with a stored sign-in: the session is gone, so it is forgotten here too
 *   (the guards then show /login) and every cached answer of it is dropped;
 * - 403 for an invalid subscription: the session is asked again, so the guards can send the
 *   user to /subscription.
 * Signing in or out in another tab also drops what this tab cached.
 * The operator console's calls have their own session: a 401 there marks the operator signed out
 * and the console's answers only, never the church session of the same browser.
 */
export function createQueryClient() {
  const onError = (error: unknown, key: readonly unknown[] | undefined) => {
    if (isOperatorKey(key)) {
      if (isUnauthorized(error)) {
        operatorSignedOut();
        setTimeout(() => queryClient.removeQueries({ predicate: (query) => isOperatorKey(query.queryKey) }), 0);
      }
    } else if (isUnauthorized(error) && getStoredSession()) {
      clearCredentials();
      setTimeout(() => queryClient.clear(), 0);
    } else if (isSubscriptionRefusal(error)) {
      void queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.auth.verify) });
    }
  };

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _result, mutation) => onError(error, mutation.options.mutationKey) }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
  // The queries whose answers the device keeps run offline too (React Query would hold them until the
  // browser is online): the tRPC link answers them from the device at once. A tRPC query key starts
  // with its path split at the dots.
  for (const path of KEPT_QUERIES) queryClient.setQueryDefaults([path.split('.')], { networkMode: 'offlineFirst' });
  keepAnswersSetInCache(queryClient);
  // Another tab signed in or out: nothing cached here belongs to the session now stored.
  onCredentialsChangedElsewhere(() => queryClient.clear());
  return queryClient;
}
