import { createTRPCReact, httpBatchLink, type CreateTRPCClientOptions } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/root';
import { getCredentials } from '../features/auth/session-store';

/** The typed tRPC client of the whole API (server/root.ts); only the router's type is imported. */
export const trpc = createTRPCReact<AppRouter>();

export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Every call carries the stored session (01 section 7): bearer token and church code. */
export function trpcClientOptions(): CreateTRPCClientOptions<AppRouter> {
  return {
    links: [
      httpBatchLink({
        url: '/trpc',
        headers() {
          const credentials = getCredentials();
          return credentials
            ? { Authorization: `Bearer ${credentials.token}`, 'X-Church-Code': credentials.churchCode }
            : {};
        },
      }),
    ],
  };
}
