import './lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// Mantine's global styles; each component's own come with it (mantineStylesPerComponent in vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { AppProviders, createAppClients, queryUtilsOf } from './app/AppProviders';
import { AppRoutes, preloadSignedInScreens } from './app/AppRoutes';
import { getCredentials } from './features/auth/session-store';
import { prefetchSession } from './features/auth/useSession';

const clients = createAppClients();
if (getCredentials()) {
  prefetchSession(queryUtilsOf(clients));
  preloadSignedInScreens(window.location.pathname);
}

const root = createRoot(document.getElementById('root')!);
// As a transition, the first render yields to the browser every few milliseconds instead of holding
// a slow phone's main thread for the whole tree: taps and scrolling stay responsive meanwhile.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders clients={clients}>
        <AppRoutes />
      </AppProviders>
    </StrictMode>,
  );
});
