import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { trpc } from './trpc';
import { clearCredentials } from './session-store';

/**
 * Logout: revoke the session on the server, then forget it here whatever the
 * server said (stored credentials and every cached answer), and go to /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Offline the revoke fails at once instead of waiting for the network (React Query's default).
  const revoke = trpc.auth.logout.useMutation({ networkMode: 'always' });
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
