import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import type { ReportPage } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatPercent } from '../../../lib/format.ts';
import { formatDay } from '../utils/report-format.ts';

const HEIGHT = 240;

/** "11/20" for a tick (the full MM/DD/YYYY is in the tooltip). Recharts also calls it with no value. */
function shortDay(value: unknown): string {
  return typeof value === 'string' ? formatDay(value).slice(0, 5) : '';
}

const xAxisProps = { tickFormatter: shortDay, minTickGap: 12 };
const tooltipProps = {
  labelFormatter: (value: unknown) => (typeof value === 'string' ? formatDay(value) : ''),
};

/** What every report chart shares: its height, one point per day keyed by date, a legend and day ticks. */
const DAILY = { h: HEIGHT, dataKey: 'date', withLegend: true, xAxisProps, tooltipProps } as const;

/**
 * The chart above a report's table, one point per day: online analytics as the day's time on primary, on
 * backup and offline (stacked to 100 %); billing as the carrier-reported backup bytes; SLA as availability
 * against the target. Loaded lazily with the chart library.
 */
export default function ReportChart({ page }: { page: ReportPage }) {
  const { t, i18n } = useTranslation('reports');
  const pct = (value: number) => formatPercent(value, i18n.language);
  if (page.report === 'online-analytics') {
    return (
      <BarChart
        {...DAILY}
        data={page.summary.series}
        type="stacked"
        series={[
          { name: 'percentOnPrimary', label: t('chart.onPrimary'), color: 'teal.7' },
          { name: 'percentOnBackup', label: t('chart.onBackup'), color: 'yellow.6' },
          { name: 'percentOffline', label: t('chart.offline'), color: 'red.7' },
        ]}
        yAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 75, 100] }}
        valueFormatter={pct}
      />
    );
  }
  if (page.report === 'cellular-billing') {
    return (
      <BarChart
        {...DAILY}
        data={page.summary.series}
        series={[{ name: 'usage_backup', label: t('chart.usageBackup'), color: 'blue.7' }]}
        valueFormatter={(value) => formatBytes(value)}
        yAxisProps={{ width: 80 }}
      />
    );
  }
  return (
    <LineChart
      {...DAILY}
      data={page.summary.series}
      series={[{ name: 'availability', label: t('chart.availability'), color: 'teal.7' }]}
      yAxisProps={{ domain: ['auto', 100] }}
      curveType="monotone"
      referenceLines={[
        {
          y: page.totals.target,
          label: t('chart.target', { value: pct(page.totals.target) }),
          color: 'red.7',
        },
      ]}
      valueFormatter={pct}
    />
  );
}
