import type { ReactNode } from 'react';
import { Button, Center, Container } from '@mantine/core';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageLoader } from '../components/FullPageLoader';
import { ErrorState } from '../components/ErrorState';
import { clearCredentials } from '../lib/session-store';
import { useT } from '../lib/i18n';
import { SignedInSessionContext, useSession, useSessionLanguage, useSignedInSession, type Session, type SignedInSession } from '../features/auth';
import { mayOpen, type ScreenAccess } from '../features/shell';

function SessionUnreachable({ retry, retrying }: { retry: () => void; retrying: boolean }) {
  const t = useT();
  return (
    <Center component="main" mih="100dvh" p="md">
      <Container size="xs" w="100%">
        <ErrorState title={t('common.sessionCheckFailed')} onRetry={retry} retrying={retrying}>
          <Button size="xs" variant="subtle" color="red" onClick={clearCredentials}>{t('common.signInAgain')}</Button>
        </ErrorState>
      </Container>
    </Center>
  );
}

function VerifyingSession() {
  const t = useT();
  return <FullPageLoader label={t('common.checkingSession')} />;
}

/** Loader or error while the stored session is checked; null once it is known. */
function pendingSessionScreen(session: Session): ReactNode | null {
  if (session.status === 'verifying') return <VerifyingSession />;
  if (session.status === 'unreachable') return <SessionUnreachable retry={session.retry} retrying={session.retrying} />;
  return null;
}

/** Signed-out users go to /login. */
export function RequireSession() {
  const session = useSession();
  const pending = pendingSessionScreen(session);
  if (pending) return pending;
  if (session.status !== 'signed_in') return <Navigate to="/login" replace />;
  return <SignedIn session={session} />;
}

/** Everything behind the sign-in, in the signed-in user's language. */
function SignedIn({ session }: { session: SignedInSession }) {
  useSessionLanguage(session);
  return (
    <SignedInSessionContext.Provider value={session}>
      <Outlet />
    </SignedInSessionContext.Provider>
  );
}

/** /login is for signed-out users only; a signed-in user goes home. */
export function RequireSignedOut() {
  const session = useSession();
  const pending = pendingSessionScreen(session);
  if (pending) return pending;
  if (session.status === 'signed_in') return <Navigate to="/" replace />;
  return <Outlet />;
}

/** A church whose subscription the server calls invalid reaches only /subscription. */
export function RequireValidSubscription() {
  const { church } = useSignedInSession();
  if (!church.subscription.valid) return <Navigate to="/subscription" replace />;
  return <Outlet />;
}

/** A screen sends home whoever may not open it (the permission table's capability of its entry). */
export function RequireAccess({ access, children }: { access: ScreenAccess; children: ReactNode }) {
  const { user } = useSignedInSession();
  if (!mayOpen(access, user.role)) return <Navigate to="/" replace />;
  return children;
}
