import { Card, Group, Loader, SegmentedControl, Text, Title } from '@mantine/core';
import type { Duration } from '@vnoc/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-handler.ts';
import { useTimeseries, WAN_SERIES } from '../api/get-timeseries.ts';
import {
  DEFAULT_WAN_DURATION,
  isWanDuration,
  toWanPoints,
  WAN_DURATIONS,
  wanTickFormat,
} from './device-wan-data.ts';

const DeviceWanLines = lazy(() =>
  import('./device-wan-lines.tsx').then((m) => ({ default: m.DeviceWanLines })),
);

/** WAN ping and jitter (ms) over a chosen duration, from the device's one-minute samples. */
export function DeviceWanChart({ deviceId }: { deviceId: string }) {
  const { t, i18n } = useTranslation('siteDetail');
  const [duration, setDuration] = useState<Duration>(DEFAULT_WAN_DURATION);
  const { data: samples, isPending, isFetching, error } = useTimeseries(WAN_SERIES, deviceId, duration);
  const points = useMemo(() => toWanPoints(samples ?? []), [samples]);
  const tick = useMemo(() => wanTickFormat(duration, i18n.language), [duration, i18n.language]);
  const latest = samples?.at(-1);

  return (
    <Card withBorder radius="md" padding="lg" data-testid="device-wan-chart">
      <Group justify="space-between" mb="md" gap="sm">
        <Group gap="xs">
          <Title order={2} fz="lg">
            {t('wan.title')}
          </Title>
          {isFetching && !isPending && <Loader size="xs" aria-label={t('loading')} />}
        </Group>
        <SegmentedControl
          size="xs"
          value={duration}
          onChange={(value) => setDuration(isWanDuration(value) ? value : DEFAULT_WAN_DURATION)}
          data={WAN_DURATIONS.map((value) => ({ value, label: t(`wan.duration.${value}`) }))}
          aria-label={t('wan.durationLabel')}
        />
      </Group>
      {latest && (
        <Text size="sm" c="dimmed" mb="xs">
          {t('wan.latest', { interface: latest.sourceInterface, target: latest.ipAddress })}
        </Text>
      )}
      {error ? (
        <Text c="red">{errorMessage(error)}</Text>
      ) : isPending ? (
        <Loader aria-label={t('loading')} />
      ) : points.length === 0 ? (
        <Text c="dimmed">{t('wan.empty')}</Text>
      ) : (
        <Suspense fallback={<Loader aria-label={t('loading')} />}>
          <DeviceWanLines points={points} tick={tick} />
        </Suspense>
      )}
    </Card>
  );
}
