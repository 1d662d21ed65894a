import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { BrowserRouter } from 'react-router-dom';
import { trpc, trpcClientOptions } from '../lib/trpc';
import { i18n } from '../lib/i18n';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

/** The query cache and the tRPC client of the page: made before the first render, so that calls
 * can start while the first screen is still being fetched and rendered. */
export interface AppClients {
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof trpc.createClient>;
}

export function createAppClients(): AppClients {
  return { queryClient: createQueryClient(), trpcClient: trpc.createClient(trpcClientOptions()) };
}

/** The typed calls of `trpc.useUtils()`, outside React (same query keys as the hooks). */
export const queryUtilsOf = ({ queryClient, trpcClient }: AppClients) =>
  createTRPCQueryUtils({ queryClient, client: trpcClient });
export type AppQueryUtils = ReturnType<typeof queryUtilsOf>;

/** The language, Mantine (theme), React Query with the typed tRPC client, and the router. */
export function AppProviders({ clients, children }: { clients: AppClients; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <trpc.Provider client={clients.trpcClient} queryClient={clients.queryClient}>
          <QueryClientProvider client={clients.queryClient}>
            <BrowserRouter>{children}</BrowserRouter>
          </QueryClientProvider>
        </trpc.Provider>
      </MantineProvider>
    </I18nProvider>
  );
}
