import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatMonth } from '../../../lib/format';
import type { RouterOutputs } from '../../../lib/trpc';
import classes from './Analytics.module.css';
import { ANALYTICS_TEXTS } from './texts';

type GrowthMonth = RouterOutputs['admin']['overview']['analytics']['churchGrowth'][number];

const SERIES = [{ name: 'new_churches', label: ANALYTICS_TEXTS.newChurches, color: 'blue.6' }];
const whole = (value: number) => String(value);

/**
 * 'Church Growth': one bar per month of the period, its height relative to the
 * busiest month, with the month's count above it. The drawing is hidden from screen readers, which
 * get the same figures as a table.
 */
export function ChurchGrowthChart({ months }: { months: readonly GrowthMonth[] }) {
  const data = months.map((month) => ({ month: formatMonth(month.month), new_churches: month.new_churches }));
  return (
    <>
      <div aria-hidden data-testid="growth-chart">
        <BarChart
          h={260}
          data={data}
          dataKey="month"
          series={SERIES}
          withBarValueLabel
          valueFormatter={whole}
          withTooltip={false}
          accessibilityLayer={false}
          yAxisProps={{ allowDecimals: false, width: 40 }}
          maxBarWidth={48}
        />
      </div>
      <table className={classes.visuallyHidden} data-testid="growth-table">
        <caption>{ANALYTICS_TEXTS.growthCaption}</caption>
        <thead>
          <tr><th scope="col">{ANALYTICS_TEXTS.month}</th><th scope="col">{ANALYTICS_TEXTS.newChurches}</th></tr>
        </thead>
        <tbody>
          {data.map((row) => (
            <tr key={row.month}><th scope="row">{row.month}</th><td>{row.new_churches}</td></tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
