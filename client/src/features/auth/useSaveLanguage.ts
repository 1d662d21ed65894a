import { useCallback } from 'react';
import { setLanguage, type Locale } from '../../lib/i18n';
import { getCredentials } from '../../lib/session-store';
import { trpc } from '../../lib/trpc';

/**
 * What the language picker calls with the chosen language: the page switches to it at once (and this
 * browser keeps it), and a signed-in user's choice is saved on the server, where their next sign-in
 * and their mails find it. The cached session then names it, so the session does not switch back.
 */
export function useSaveLanguage(): (locale: Locale) => void {
  const utils = trpc.useUtils();
  const { mutate } = trpc.auth.setLanguage.useMutation({
    onSuccess: ({ language }) => {
      utils.auth.verify.setData(undefined, (old) => (old ? { ...old, user: { ...old.user, language } } : old));
    },
  });
  return useCallback((locale: Locale) => {
    setLanguage(locale, { remember: true }).catch(() => undefined);
    if (getCredentials()) mutate({ language: locale });
  }, [mutate]);
}
