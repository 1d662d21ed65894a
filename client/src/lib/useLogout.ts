import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { trpc } from './trpc';
import { clearCredentials } from './session-store';

/** The server's end of a session: a logout mutation (a church user's or an officer's). */
interface SessionRevoke {
  mutateAsync: () => Promise<unknown>;
}

/**
 * Logout: revoke the session on the server, then forget it here whatever the
 * server said (stored credentials and every cached answer), and go to /login.
 * Offline the revoke fails at once instead of waiting for the network (`networkMode: 'always'`).
 */
export function useSignOut(revoke: SessionRevoke) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    try {
      await revoke.mutateAsync();
    } catch {
      // An expired or already revoked session is signed out all the same.
    } finally {
      clearCredentials();
      queryClient.clear();
      setPending(false);
      void navigate('/login', { replace: true });
    }
  }, [navigate, queryClient, revoke]);

  return { logout, pending };
}

/** A church user's logout (auth.logout). */
export function useLogout() {
  return useSignOut(trpc.auth.logout.useMutation({ networkMode: 'always' }));
}
