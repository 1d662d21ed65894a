import { useState } from 'react';
import { academicYearChoices, academicYearOf, DEFAULT_ACADEMIC_YEAR_CONFIG } from '../../../../common/academic-year';
import { todayIn } from '../../../../common/dates';
import type { Locale } from '../../../../common/i18n/locales';
import { academicYearMonths, monthYearLabel } from '../../lib/months';
import { useLanguage } from '../../lib/i18n';

/**
 * An association has no academic year of its own: its churches' years are named by the year they
 * start in, so the picker offers the years and months of a new church's default (from June). Today
 * is the officer's (the browser's) calendar day.
 */
const { start_month: START_MONTH } = DEFAULT_ACADEMIC_YEAR_CONFIG;

const browserToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** A year's month to open with: today's month in the current year, else the year's first month. */
function defaultMonth(year: string, today: string) {
  const months = academicYearMonths(year, START_MONTH);
  return months.find((m) => m.value === today.slice(0, 7))?.value ?? months[0].value;
}

/** The chosen academic year and month of the totals, the current ones at first, with their choices. */
export function usePeriod() {
  const language = useLanguage();
  const [today] = useState(browserToday);
  const current = academicYearOf(today, START_MONTH);
  const [year, setYear] = useState(current);
  const [month, setMonth] = useState(() => defaultMonth(current, today));
  return {
    year,
    month,
    years: academicYearChoices(current, DEFAULT_ACADEMIC_YEAR_CONFIG),
    months: academicYearMonths(year, START_MONTH, language),
    chooseYear: (next: string) => {
      setYear(next);
      setMonth(defaultMonth(next, today));
    },
    chooseMonth: setMonth,
  };
}

/** The months of the trend: the year's twelve from June, and any other month a church's own year has marks in. */
export function trendMonths(year: string, withMarks: string[], language: Locale) {
  const months = academicYearMonths(year, START_MONTH, language);
  const known = new Set(months.map((m) => m.value));
  const extra = [...new Set(withMarks.filter((m) => !known.has(m)))].map((value) => {
    const [y, m] = value.split('-').map(Number);
    return { value, year: y, month: m, label: monthYearLabel(language, y, m) };
  });
  return [...months, ...extra].sort((a, b) => a.value.localeCompare(b.value));
}
