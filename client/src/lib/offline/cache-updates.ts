import type { QueryClient } from '@tanstack/react-query';
import { getCredentials } from '../session-store';
import { KEPT_QUERIES, SESSION_CHECK, type SessionAnswer } from './kept-queries';
import { device, isCurrent, sessionOf } from './sessions';

const KEPT: ReadonlySet<string> = new Set(KEPT_QUERIES);

/** A tRPC query key: the path split at the dots, then the input (absent when the query takes none). */
type TrpcQueryKey = readonly [readonly string[], { input?: unknown }?];

/**
 * What a screen writes into the cache itself (`setData`: the marks just saved, the language chosen,
 * the renewed subscription) is what the server now holds: the device keeps it too, in place of the
 * answer it kept before, so an offline reload does not show the older one. Only for the session
 * signed in, and a session check only when it names that session's own user.
 */
export function keepAnswersSetInCache(queryClient: QueryClient) {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !event.action.manual) return;
    const credentials = getCredentials();
    const [path, params] = event.query.queryKey as unknown as TrpcQueryKey;
    const dotted = Array.isArray(path) ? path.join('.') : '';
    if (!credentials || !KEPT.has(dotted)) return;
    const data: unknown = event.action.data;
    const stillWanted = () => isCurrent(credentials);
    void Promise.all([device(), sessionOf(credentials)]).then(([d, session]) => {
      if (!session) return;
      if (dotted !== SESSION_CHECK) return d.keepOwnersAnswer(session, dotted, params?.input, data, stillWanted);
      const changed = data as SessionAnswer;
      if (d.ownerOfSession(changed) === d.ownerOfSession(session)) return d.keepSession(credentials, changed, stillWanted);
    }).catch(() => undefined);
  });
}
