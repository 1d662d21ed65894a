import { createTRPCReact, httpBatchLink, httpLink, splitLink, type CreateTRPCClientOptions } from '@trpc/react-query';
import type { AppRouter } from '../../../server/root';
import { UNBATCHED_PROCEDURES } from '../../../common/permissions';
import { getStoredSession } from './session-store';
import { getOperatorCsrfToken, isOperatorPath } from './operator-store';
import { offlineAnswersLink } from './offline/offline-answers-link';

/** The typed tRPC client of the whole API (server/root.ts); only the router's type is imported. */
export const trpc = createTRPCReact<AppRouter>();

export type { RouterInputs, RouterOutputs } from './api-types';

/** Calls the server takes only one per request (sign-in, password reset, registration): never batched. */
const UNBATCHED_PATHS: ReadonlySet<string> = new Set(UNBATCHED_PROCEDURES);
/** The console's tRPC endpoint (server/app.ts): the path its session cookie is limited to. */
const CONSOLE_TRPC_URL = '/api/admin/trpc';
/** At most the server's limit of calls per batch (TRPC_MAX_BATCH_SIZE in server/app.ts). */
const MAX_BATCH_ITEMS = 10;

/**
 * A paid registration's browser has no session: its payment calls carry the registration's payment
 * token and church code instead (`trpc: { context: { payment } }` on the call), and never the stored
 * session of whichever church this browser may be signed in to.
 */
export interface PaymentCredentials {
  token: string;
  churchCode: string;
}
const paymentOf = (context: Record<string, unknown>) => context.payment as PaymentCredentials | undefined;

/**
 * Every church call carries the stored session: bearer token and church code (an association
 * officer's calls, their token and the association's code).
 * The operator console's calls (`admin.*`, `operatorAuth.*`) go to the console's own endpoint under
 * /api/admin, where the browser adds the operator's HttpOnly cookie, with the session's CSRF token
 * and no church credentials: a browser signed in to a church must not lend that session to the
 * console, and the operator's cookie never travels with a church call.
 */
export function trpcClientOptions(): CreateTRPCClientOptions<AppRouter> {
  const headers = () => {
    // An association officer's session travels as a church user's does (its code in X-Church-Code).
    const credentials = getStoredSession();
    return credentials
      ? { Authorization: `Bearer ${credentials.token}`, 'X-Church-Code': credentials.churchCode }
      : {};
  };
  const operatorHeaders = (): Record<string, string> => {
    const csrf = getOperatorCsrfToken();
    return csrf ? { 'X-CSRF-Token': csrf } : {};
  };
  return {
    links: [
      splitLink({
        condition: (op) => isOperatorPath(op.path),
        true: splitLink({
          condition: (op) => UNBATCHED_PATHS.has(op.path),
          true: httpLink({ url: CONSOLE_TRPC_URL, headers: operatorHeaders }),
          false: httpBatchLink({ url: CONSOLE_TRPC_URL, headers: operatorHeaders, maxItems: MAX_BATCH_ITEMS }),
        }),
        false: splitLink({
          condition: (op) => paymentOf(op.context) !== undefined,
          true: httpLink({
            url: '/trpc',
            headers: ({ op }) => {
              const payment = paymentOf(op.context)!;
              return { 'X-Payment-Token': payment.token, 'X-Church-Code': payment.churchCode };
            },
          }),
          // The church's own calls: a teacher's screens are answered from the device when the network fails.
          false: [
            offlineAnswersLink(),
            splitLink({
              condition: (op) => UNBATCHED_PATHS.has(op.path),
              true: httpLink({ url: '/trpc', headers }),
              false: httpBatchLink({ url: '/trpc', headers, maxItems: MAX_BATCH_ITEMS }),
            }),
          ],
        }),
      }),
    ],
  };
}
