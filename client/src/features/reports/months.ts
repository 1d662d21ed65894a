import { SOURCE_LOCALE, type Locale } from '../../../../common/i18n/locales';
import { monthYearLabel } from '../../lib/months';

/** One month of an academic year, as the report's month picker offers it. */
export interface ReportMonth {
  /** 'YYYY-MM' */
  value: string;
  year: number;
  month: number;
  /** 'November 2026', in the language */
  label: string;
}

/** 'November 2026' (English unless another language is given). */
export const monthLabel = (year: number, month: number, locale: Locale = SOURCE_LOCALE) => monthYearLabel(locale, year, month);

/** Twelve months from the start month of the academic year '2026-2027': June 2026 … May 2027 for start month 6. */
export function academicYearMonths(academicYear: string, startMonth: number, locale: Locale = SOURCE_LOCALE): ReportMonth[] {
  const startYear = Number(academicYear.slice(0, 4));
  return Array.from({ length: 12 }, (_, i) => {
    const index = startMonth - 1 + i;
    const year = startYear + Math.floor(index / 12);
    const month = (index % 12) + 1;
    return { value: `${year}-${String(month).padStart(2, '0')}`, year, month, label: monthLabel(year, month, locale) };
  });
}
