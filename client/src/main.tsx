import './lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// Mantine's global styles; each component's own come with it (mantineStylesPerComponent in vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { AppProviders, createAppClients, queryUtilsOf } from './app/AppProviders';
import { AppRoutes, preloadSignedInScreen } from './app/AppRoutes';
import { getAssociationCredentials, getCredentials } from './lib/session-store';
import { prefetchSession } from './features/auth';
import { AssociationDashboardPage, AssociationFrame } from './features/association';
import { initialLanguage, setLanguage } from './lib/i18n';

const clients = createAppClients();

// Three tasks instead of one: evaluating the modules, then asking for the session and the screen's
// chunks and data, then the first render. On a slow phone each is short enough not to hold the main thread
// (a long task delays a tap), and the requests still leave before anything is rendered.
setTimeout(() => {
  if (getCredentials()) {
    const utils = queryUtilsOf(clients);
    preloadSignedInScreen(window.location, utils, prefetchSession(utils));
  } else if (getAssociationCredentials()) {
    // An officer's session is checked with association.session (never auth.verify), beside its frame's download.
    void queryUtilsOf(clients).association.session.prefetch(undefined, { staleTime: Infinity, gcTime: Infinity }).catch(() => undefined);
    for (const chunk of [AssociationFrame, AssociationDashboardPage]) chunk.preload().catch(() => undefined);
  }
  // In a language other than English, the first screen waits for its texts (and starts the font).
  const language = initialLanguage();
  if (language === 'en') setTimeout(renderApp, 0);
  else void setLanguage(language, { remember: false }).catch(() => undefined).finally(renderApp);
}, 0);

function renderApp() {
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding a slow phone's main thread for the whole tree: taps and scrolling stay responsive meanwhile.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders clients={clients}>
          <AppRoutes />
        </AppProviders>
      </StrictMode>,
    );
  });
}
