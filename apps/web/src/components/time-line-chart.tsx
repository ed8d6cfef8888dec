import '@mantine/charts/styles.css';
import { LineChart, type LineChartProps } from '@mantine/charts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format.ts';

/** Recharts also calls formatters with no value (a hidden tooltip): those get no text. */
export function formatTime(format: Intl.DateTimeFormat, value: unknown): string {
  const time = Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isFinite(time)
    ? format.format(time)
    : '';
}

/**
 * The time axis of a chart whose points carry `time` in epoch milliseconds: from the first point to the last,
 * ticks written as `tick` writes them, the full date, time and zone in the tooltip as every date of the console.
 */
export function useTimeAxis(tick: Intl.DateTimeFormat) {
  const { i18n } = useTranslation();
  return useMemo(() => {
    return {
      xAxisProps: {
        type: 'number' as const,
        scale: 'time' as const,
        domain: ['dataMin', 'dataMax'] as [string, string],
        tickFormatter: (value: number) => formatTime(tick, value),
      },
      tooltipProps: {
        // Number(null) and Number('') are 0, not a missing time: those get no text, like formatTime's.
        labelFormatter: (value: unknown) =>
          formatDate(value === null || value === '' ? null : Number(value), { lang: i18n.language }),
      },
    };
  }, [tick, i18n.language]);
}

type TimeLineChartProps = Omit<LineChartProps, 'dataKey' | 'xAxisProps' | 'tooltipProps'> & {
  /** How the time axis is labelled (the window decides: times within a day, dates beyond). */
  tick: Intl.DateTimeFormat;
};

/**
 * Lines over time (useTimeAxis): smooth, without dots, with a legend, a gap where a bucket has no value. Load it
 * with the chart library, behind a lazy import.
 */
export function TimeLineChart({ tick, ...chart }: TimeLineChartProps) {
  const axis = useTimeAxis(tick);
  return (
    <LineChart
      dataKey="time"
      curveType="monotone"
      withDots={false}
      withLegend
      connectNulls={false}
      {...axis}
      {...chart}
    />
  );
}
