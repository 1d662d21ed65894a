import { useEffect, useState } from 'react';
import { activeLanguage, useLanguage, type Locale } from './i18n';

/**
 * dayjs's month and weekday names (which Mantine's calendar shows) of each language but English,
 * built into dayjs. Each is a small chunk of its own, fetched when the calendar first shows in that
 * language; the files register themselves with the one dayjs Mantine imports.
 */
const DAYJS_LOCALES: Record<Exclude<Locale, 'en'>, () => Promise<unknown>> = {
  ml: () => import('dayjs/locale/ml'),
  ta: () => import('dayjs/locale/ta'),
  hi: () => import('dayjs/locale/hi'),
};

const loaded = new Set<Locale>(['en']);

async function loadCalendarLocale(locale: Locale) {
  if (loaded.has(locale) || locale === 'en') return;
  await DAYJS_LOCALES[locale]();
  loaded.add(locale);
}

/** Fetches the page's language for the calendar, before the calendar is first shown. */
export const loadActiveCalendarLocale = () => loadCalendarLocale(activeLanguage());

/** The calendar's dayjs locale: the page's language once its names are here (English until then). */
export function useCalendarLocale(): Locale {
  const language = useLanguage();
  const [, setLoadedCount] = useState(loaded.size);
  useEffect(() => {
    if (!loaded.has(language)) void loadCalendarLocale(language).then(() => setLoadedCount(loaded.size), () => undefined);
  }, [language]);
  return loaded.has(language) ? language : 'en';
}
