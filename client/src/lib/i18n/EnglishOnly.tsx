import { useEffect, type ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { englishOnly } from './index';

/**
 * The operator console's tree: English whatever language the church area speaks in this browser
 * (the console is English-only), and the page's `lang` says so while it is shown.
 */
export function EnglishOnly({ children }: { children: ReactNode }) {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.lang;
    root.lang = 'en';
    return () => {
      root.lang = previous;
    };
  }, []);
  return <I18nProvider i18n={englishOnly}>{children}</I18nProvider>;
}
