import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { trpc } from '../../lib/trpc';
import { clearCredentials } from '../../lib/session-store';

/** An officer's sign-out: association.logout revokes the session, then nothing of it stays here
 * (stored credentials and every cached answer), whatever the server said; then /login. */
export function useOfficerLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const revoke = trpc.association.logout.useMutation({ networkMode: 'always' });
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
