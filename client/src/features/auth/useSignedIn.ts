import { useNavigate } from 'react-router-dom';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { saveCredentials } from '../../lib/session-store';
import { ASSOCIATION_PATH } from '../../lib/association-path';

/** A sign-in's answer, with a password or with Google: a church user's session, or an officer's. */
type SignInAnswer = RouterOutputs['auth']['login'] | RouterOutputs['auth']['googleLogin'];

/**
 * What follows a sign-in: the answer is the verified session (no second round trip), stored as the
 * page load would restore it, then home: the church's, or (for an officer, who signed in with the
 * association's code) the association's screens, restored on a page load by association.session.
 */
export function useSignedIn() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  return (data: SignInAnswer) => {
    if (data.kind === 'association') {
      utils.association.session.setData(undefined, { officer: data.officer, association: data.association });
      saveCredentials({ token: data.token, churchCode: data.association.code, kind: 'association' });
      void navigate(ASSOCIATION_PATH, { replace: true });
      return;
    }
    utils.auth.verify.setData(undefined, { user: data.user, church: data.church });
    saveCredentials({ token: data.token, churchCode: data.church.code });
    void navigate('/', { replace: true });
  };
}
