import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { isOperatorKey, operatorSignedOut } from '../../../lib/operator-store';
import { trpc } from '../../../lib/trpc';
import { ADMIN_LOGIN_PATH } from './console-nav';

/** Logout: the server ends the session and clears its cookie; the page forgets it whatever the server said. */
export function useOperatorLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const revoke = trpc.operatorAuth.logout.useMutation();
  const [pending, setPending] = useState(false);
  const logout = async () => {
    setPending(true);
    try {
      await revoke.mutateAsync();
    } catch {
      // An expired or already revoked session is signed out all the same.
    } finally {
      operatorSignedOut();
      // The console's answers only: a church session of this browser keeps its own.
      queryClient.removeQueries({ predicate: (query) => isOperatorKey(query.queryKey) });
      setPending(false);
      void navigate(ADMIN_LOGIN_PATH, { replace: true });
    }
  };
  return { logout, pending };
}
