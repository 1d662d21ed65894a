import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';

/** The drawing of the trend (fetched apart: its library is large), hidden from screen readers, which read the table beside it. */
export function TrendChart({ data, series }: { data: { month: string; percentage: number | null }[]; series: string }) {
  return (
    <div aria-hidden data-testid="trend-chart">
      <LineChart
        h={220}
        data={data}
        dataKey="month"
        series={[{ name: 'percentage', label: series, color: 'blue.6' }]}
        connectNulls={false}
        withTooltip={false}
        accessibilityLayer={false}
        yAxisProps={{ domain: [0, 100], width: 36 }}
        xAxisProps={{ interval: 'preserveStartEnd' }}
        valueFormatter={(value) => `${value}%`}
        curveType="linear"
        withDots
      />
    </div>
  );
}
