import dayjs from 'dayjs';
import { isCalendarDate } from '../../../../common/school';
import { SOURCE_LOCALE, type Locale } from '../../../../common/i18n/locales';
import { formatDateIn } from '../../lib/months';

/** How a date of birth is shown and typed: day/month/year, the usual order in India. */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';

/** A plain calendar date (YYYY-MM-DD, no time zone) as '05 Mar 2018' in English; another language with its own month name and order. */
export const formatCalendarDate = (locale: Locale, date: string) => (locale === SOURCE_LOCALE
  ? dayjs(date).format('DD MMM YYYY')
  : formatDateIn(locale, date, { day: '2-digit', month: 'short', year: 'numeric' }));

/** Typed text to YYYY-MM-DD: 'DD/MM/YYYY' (or with - or .), or 'YYYY-MM-DD'; null if not a real date. */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  if (isCalendarDate(value)) return value;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (!match) return null;
  const iso = `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}
