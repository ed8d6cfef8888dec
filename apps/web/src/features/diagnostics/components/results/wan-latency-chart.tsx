import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatMs } from '../../utils/format.ts';

interface WanLatencyChartProps {
  data: { name: string; avg: number }[];
  seriesLabel: string;
  /** Accessible name of the chart. */
  label: string;
}

/** Average latency per WAN test target, as bars (ms). */
export function WanLatencyChart({ data, seriesLabel, label }: WanLatencyChartProps) {
  return (
    <BarChart
      h={180}
      data={data}
      dataKey="name"
      series={[{ name: 'avg', label: seriesLabel, color: 'blue.6' }]}
      valueFormatter={(value) => `${formatMs(value)} ms`}
      yAxisProps={{ width: 56, tickFormatter: (value: number) => `${Math.round(value)} ms` }}
      aria-label={label}
      role="img"
    />
  );
}
