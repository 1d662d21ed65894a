import { useLanguage } from '../../lib/i18n';
import { monthYearLabel } from '../../lib/months';

/** A month the server or the rule names as 'YYYY-MM', said in the page's language ('April 2027'). */
export function useMonthOfYear() {
  const language = useLanguage();
  return (month: string) => monthYearLabel(language, Number(month.slice(0, 4)), Number(month.slice(5, 7)));
}
