import { trpc } from '../../lib/trpc';
import { useSignOut } from '../../lib/useLogout';

/** An officer's logout: association.logout revokes the session, then as a church user's. */
export function useOfficerLogout() {
  return useSignOut(trpc.association.logout.useMutation({ networkMode: 'always' }));
}
