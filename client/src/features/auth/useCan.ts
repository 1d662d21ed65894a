import { can, type Capability } from '../../../../common/permissions';
import { useSignedInSession } from './useSession';

/** Whether the signed-in user may do `capability`: the permission table the server enforces
 * (common/permissions.ts), read for the user's role. Behind the sign-in guard only. */
export function useCan(capability: Capability): boolean {
  return can(useSignedInSession().user.role, capability);
}
