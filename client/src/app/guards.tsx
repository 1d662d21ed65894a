import { useSyncExternalStore, type ReactNode } from 'react';
import { Button, Center, Container } from '@mantine/core';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageLoader } from '../components/FullPageLoader';
import { ErrorState } from '../components/ErrorState';
import { clearCredentials, getAssociationCredentials, subscribeCredentials } from '../lib/session-store';
import { ASSOCIATION_PATH } from '../lib/association-path';
import { useT } from '../lib/i18n';
import { SignedInSessionContext, useSession, useSessionLanguage, useSignedInSession, type Session, type SignedInSession } from '../features/auth';
import { mayOpen, type ScreenAccess } from '../features/shell';
import { OfficerSessionContext, useAssociationSession, useOfficerLanguage, type AssociationSession, type SignedInOfficer } from '../features/association';

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

/** Whether the stored session is an association officer's (the church's guards send it to its area). */
const useAssociationStored = () => useSyncExternalStore(subscribeCredentials, getAssociationCredentials, getAssociationCredentials) !== null;

/** Loader or error while the stored session is checked; null once it is known. */
function pendingSessionScreen(session: Session | AssociationSession): ReactNode | null {
  if (session.status === 'verifying') return <VerifyingSession />;
  if (session.status === 'unreachable') return <SessionUnreachable retry={session.retry} retrying={session.retrying} />;
  return null;
}

/** Signed-out users go to /login; an association officer's session to the association's area. */
export function RequireSession() {
  const session = useSession();
  const association = useAssociationStored();
  if (association) return <Navigate to={ASSOCIATION_PATH} replace />;
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

/** /login is for signed-out users only; a signed-in user goes home (an officer to the association's area). */
export function RequireSignedOut() {
  const session = useSession();
  const association = useAssociationStored();
  if (association) return <Navigate to={ASSOCIATION_PATH} replace />;
  const pending = pendingSessionScreen(session);
  if (pending) return pending;
  if (session.status === 'signed_in') return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * The association's area: an officer's stored session checked with association.session (never
 * auth.verify); signed out, to /login; a church user's session, to the church's home.
 */
export function RequireAssociationSession() {
  const church = useSession();
  const session = useAssociationSession();
  if (church.status === 'signed_in' || church.status === 'verifying') {
    const pending = pendingSessionScreen(church);
    return pending ?? <Navigate to="/" replace />;
  }
  const pending = pendingSessionScreen(session);
  if (pending) return pending;
  if (session.status !== 'signed_in') return <Navigate to="/login" replace />;
  return <SignedInOfficerArea session={session} />;
}

/** The association's screens, in the officer's language. */
function SignedInOfficerArea({ session }: { session: SignedInOfficer }) {
  useOfficerLanguage(session.officer);
  return (
    <OfficerSessionContext.Provider value={session}>
      <Outlet />
    </OfficerSessionContext.Provider>
  );
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
