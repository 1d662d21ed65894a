import { createTRPCReact, httpBatchLink, httpLink, splitLink, type CreateTRPCClientOptions } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/root';
import { getCredentials } from '../features/auth/session-store';

/** The typed tRPC client of the whole API (server/root.ts); only the router's type is imported. */
export const trpc = createTRPCReact<AppRouter>();

export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Calls the server takes only one per request (sign-in, password reset): never batched. */
const UNBATCHED_PATHS = new Set(['auth.login', 'auth.forgotPassword']);
/** At most the server's limit of calls per batch (TRPC_MAX_BATCH_SIZE in server/app.ts). */
const MAX_BATCH_ITEMS = 10;

/** Every call carries the stored session (01 section 7): bearer token and church code. */
export function trpcClientOptions(): CreateTRPCClientOptions<AppRouter> {
  const headers = () => {
    const credentials = getCredentials();
    return credentials
      ? { Authorization: `Bearer ${credentials.token}`, 'X-Church-Code': credentials.churchCode }
      : {};
  };
  return {
    links: [
      splitLink({
        condition: (op) => UNBATCHED_PATHS.has(op.path),
        true: httpLink({ url: '/trpc', headers }),
        false: httpBatchLink({ url: '/trpc', headers, maxItems: MAX_BATCH_ITEMS }),
      }),
    ],
  };
}
