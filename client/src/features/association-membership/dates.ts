import type { Locale } from '../../lib/i18n';
import { formatDateIn } from '../../lib/months';

/** A server timestamp as its day on this device, in the language ('3 Dec 2026', '2026 ഡിസം 3'). */
export function dayOf(locale: Locale, iso: string): string {
  const at = new Date(iso);
  const day = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  return formatDateIn(locale, day, { day: 'numeric', month: 'short', year: 'numeric' });
}
