/** The Analytics Dashboard's texts, in one place for the screen and its tests. */
export const ANALYTICS_TEXTS = {
  title: 'Analytics',
  period: 'Period',
  failed: 'The analytics could not be loaded.',
  topChurches: 'Top Churches by Users',
  noTopChurches: 'No church has users yet',
  growth: 'Church Growth',
  growthCaption: 'New churches per month',
  month: 'Month',
  newChurches: 'New churches',
} as const;

/** The periods of the select, in months, as the server takes them (decisions: the period is applied). */
export const ANALYTICS_PERIODS = [
  { value: '3', label: 'Last 3 Months' },
  { value: '6', label: 'Last 6 Months' },
  { value: '12', label: 'Last Year' },
] as const;

export type AnalyticsPeriod = 3 | 6 | 12;
export const DEFAULT_PERIOD: AnalyticsPeriod = 6;

/** The period of the address (?period=3|6|12), or the default for anything else. */
export function periodParam(value: string | null): AnalyticsPeriod {
  const period = Number(value);
  return period === 3 || period === 6 || period === 12 ? period : DEFAULT_PERIOD;
}
