import { SOURCE_LOCALE, type Locale } from '../../../../common/i18n/locales';
import { monthYearLabel } from '../../lib/months';

export { academicYearMonths } from '../../lib/months';

/** 'November 2026' (English unless another language is given). */
export const monthLabel = (year: number, month: number, locale: Locale = SOURCE_LOCALE) => monthYearLabel(locale, year, month);
