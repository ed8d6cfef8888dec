import { useTranslation } from 'react-i18next';
import { TimeLineChart } from '../../../components/time-line-chart.tsx';
import type { WanPoint } from './device-wan-data.ts';

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
  const { t } = useTranslation('siteDetail');
  return (
    <TimeLineChart
      h={260}
      data={points}
      tick={tick}
      series={[
        { name: 'ping', label: t('wan.ping'), color: 'blue.6' },
        { name: 'jitter', label: t('wan.jitter'), color: 'orange.6' },
      ]}
      unit=" ms"
      valueFormatter={(value) => `${value}`}
    />
  );
}
