import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { trpc, trpcClientOptions } from '../lib/trpc';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

/** Mantine (theme), React Query with the typed tRPC client, and the router. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() => trpc.createClient(trpcClientOptions()));

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>{children}</BrowserRouter>
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}
