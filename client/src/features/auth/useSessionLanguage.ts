import { useEffect } from 'react';
import { activeLanguage, setLanguage, storedLanguage } from '../../lib/i18n';
import type { SignedInSession } from './useSession';
import { useSaveLanguage } from './useSaveLanguage';

/**
 * The signed-in user's language, applied once per change of the verified session (at sign-in, on a
 * page load, after the church's default changes): their own choice, kept on the server, wins over
 * this browser's. A user who has chosen none yet keeps the language chosen in this browser (on the
 * sign-in screen, or a first guess from the browser's languages kept there), which then becomes
 * theirs; without one, the church's default.
 */
export function useSessionLanguage(session: SignedInSession) {
  const { language, has_own_language: hasOwn } = session.user;
  const saveLanguage = useSaveLanguage();
  useEffect(() => {
    const browserChoice = storedLanguage();
    if (!hasOwn && browserChoice) {
      saveLanguage(browserChoice);
      return;
    }
    if (language !== activeLanguage()) setLanguage(language, { remember: false }).catch(() => undefined);
  }, [language, hasOwn, saveLanguage]);
}
