import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../lib/intl.ts';
import type { WanPoint } from './device-wan-data.ts';

/** Recharts also calls formatters with no value (a hidden tooltip): those get no text. */
function safeFormat(format: Intl.DateTimeFormat, value: unknown): string {
  const time = Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isFinite(time)
    ? format.format(time)
    : '';
}

interface DeviceWanLinesProps {
  points: WanPoint[];
  /** How the time axis is labelled for the chosen duration. */
  tick: Intl.DateTimeFormat;
}

/**
 * The ping and jitter lines of DeviceWanChart: the chart library is large, so the device page loads this
 * module beside the samples rather than before its first paint.
 */
export function DeviceWanLines({ points, tick }: DeviceWanLinesProps) {
  const { t, i18n } = useTranslation('siteDetail');
  const full = useMemo(
    () => dateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  return (
    <LineChart
      h={260}
      data={points}
      dataKey="time"
      series={[
        { name: 'ping', label: t('wan.ping'), color: 'blue.6' },
        { name: 'jitter', label: t('wan.jitter'), color: 'orange.6' },
      ]}
      curveType="monotone"
      withDots={false}
      withLegend
      connectNulls={false}
      unit=" ms"
      xAxisProps={{
        type: 'number',
        scale: 'time',
        domain: ['dataMin', 'dataMax'],
        tickFormatter: (value: number) => safeFormat(tick, value),
      }}
      tooltipProps={{ labelFormatter: (value: unknown) => safeFormat(full, value) }}
      valueFormatter={(value) => `${value}`}
    />
  );
}
