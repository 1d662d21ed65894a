import { useEffect } from 'react';
import { activeLanguage, setLanguage, storedLanguage } from '../../lib/i18n';
import type { SignedInSession } from './useSession';
import { useSaveLanguage } from './useSaveLanguage';

/**
 * The signed-in user's language, applied once per change of the verified session (at sign-in, on a
 * page load, after the church's default changes). Their own choice, kept on the server, wins over
 * this browser's (a language picked on the sign-in screen was sent with the sign-in and is already
 * theirs); a user who has chosen none yet takes the language once chosen in this browser as theirs;
 * without one, the church's default applies (and the browser's first guess gives way to it).
 */
export function useSessionLanguage(session: SignedInSession) {
  const { language, has_own_language: hasOwn } = session.user;
  const saveLanguage = useSaveLanguage();
  useEffect(() => {
    const browserChoice = storedLanguage();
    if (browserChoice && !hasOwn) {
      saveLanguage(browserChoice);
      return;
    }
    if (language !== activeLanguage()) setLanguage(language, { remember: false }).catch(() => undefined);
  }, [language, hasOwn, saveLanguage]);
}
