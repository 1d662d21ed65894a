import { INTL_LOCALE, type Locale } from '../../../../common/i18n/locales';
import { formatCount } from '../format';

const rulesOf = new Map<Locale, Intl.PluralRules>();

/**
 * The values of a count message written as `{countForm, select, one {{count} …} other {{count} …}}`:
 * the language's plural form of the count (CLDR's, from Intl.PluralRules) and the count written with
 * Indian grouping. It gives the words an ICU `plural` gives, without Intl.NumberFormat: Lingui
 * writes a plural's `#` through it, and its first use loads the browser's number data (about 100 ms
 * on a budget phone), which fell in the first render of Mark Attendance.
 */
export function countValues(locale: Locale, count: number) {
  let rules = rulesOf.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(INTL_LOCALE[locale], { type: 'cardinal' });
    rulesOf.set(locale, rules);
  }
  return { countForm: rules.select(count), count: formatCount(count) };
}
