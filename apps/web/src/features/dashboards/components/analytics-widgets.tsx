import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Progress, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceStatusBadge } from '../../../components/device-status-badge.tsx';
import { TimeLineChart, useTimeAxis } from '../../../components/time-line-chart.tsx';
import { deviceKindLabelKey } from '../../../lib/device-kind.ts';
import { formatBytes, formatDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useTopUsage, useTrend, useTroubledSites, useVanList } from '../api/analytics.ts';
import { formatSeconds, trendTickFormat } from '../utils/format.ts';
import { WidgetCard } from './widget-card.tsx';
import { DeviceCell, Loaded, Nothing, SiteLink, TableWidget } from './widget-parts.tsx';
import type { WidgetProps } from './widgets.tsx';

/** VanList: the devices ("vans") of the dashboard's scope, with their type and status, and counts per type. */
export function VanListWidget({ title, caption, dashboardId, duration }: WidgetProps) {
  const { t } = useTranslation('dashboards');
  const { t: tf } = useTranslation('fleet');
  const query = useVanList(dashboardId, duration);
  return (
    <TableWidget
      title={title}
      caption={caption}
      more={{ to: paths.devices, label: t('allDevices') }}
      testId="widget-van-list"
      query={query}
      rows={(data) => data.content}
      empty={<Nothing text={t('vanList.empty')} />}
      label={title}
      note={(data) =>
        [
          t('showingOf', { count: data.content.length, total: data.totalElements }),
          ...data.types.map((type) => `${tf(deviceKindLabelKey(type.kind))}: ${type.count}`),
        ].join(' · ')
      }
      columns={[
        { header: t('device') },
        { header: t('vanList.type'), visibleFrom: 'sm' },
        { header: t('site'), visibleFrom: 'sm' },
        { header: t('status') },
      ]}
      row={(van) => (
        <Table.Tr key={van.id}>
          <Table.Td>
            <DeviceCell siteId={van.siteId} id={van.id} name={van.model} mac={van.macAddress} />
          </Table.Td>
          <Table.Td visibleFrom="sm">{tf(deviceKindLabelKey(van.kind))}</Table.Td>
          <Table.Td visibleFrom="sm">
            <SiteLink id={van.siteId} name={van.siteName} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <DeviceStatusBadge status={van.status} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

/** TopUsage: the sites with the most WAN bytes (received + transmitted) over the widget's window. */
export function TopUsageWidget({ title, caption, dashboardId, duration }: WidgetProps) {
  const { t } = useTranslation('dashboards');
  const query = useTopUsage(dashboardId, duration);
  return (
    <WidgetCard title={title} caption={caption} testId="widget-top-usage">
      <Loaded query={query} height={200}>
        {(data) => {
          const sites = data.sites.filter((s) => s.bytesTotal > 0);
          const max = Math.max(1, ...sites.map((s) => s.bytesTotal));
          return (
            <>
              <Text size="xs" c="dimmed" mb={4}>
                {t('topUsage.range', { from: formatDate(data.from), to: formatDate(data.to) })}
              </Text>
              {sites.length === 0 ? (
                <Nothing text={t('topUsage.empty')} />
              ) : (
                <ScrollArea style={{ flex: 1 }} type="auto">
                  <Stack gap={8}>
                    {sites.map((site) => (
                      <div key={site.siteId} data-testid="top-usage-row">
                        <Group justify="space-between" gap="xs" wrap="nowrap">
                          <SiteLink id={site.siteId} name={site.siteName} />
                          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                            {formatBytes(site.bytesTotal)}
                          </Text>
                        </Group>
                        <Progress
                          value={(site.bytesTotal / max) * 100}
                          size="sm"
                          aria-label={t('topUsage.bar', {
                            site: site.siteName,
                            received: formatBytes(site.bytesReceived),
                            transmitted: formatBytes(site.bytesTransmitted),
                          })}
                        />
                        <Text size="xs" c="dimmed">
                          {t('topUsage.split', {
                            received: formatBytes(site.bytesReceived),
                            transmitted: formatBytes(site.bytesTransmitted),
                          })}
                        </Text>
                      </div>
                    ))}
                  </Stack>
                </ScrollArea>
              )}
            </>
          );
        }}
      </Loaded>
    </WidgetCard>
  );
}

/** TroubledSites: the sites with most time offline or on backup in the window, worst first. */
export function TroubledSitesWidget({ title, caption, dashboardId, duration }: WidgetProps) {
  const { t } = useTranslation('dashboards');
  const query = useTroubledSites(dashboardId, duration);
  /** Time in a state over the window, and how many times it began. */
  const spent = (seconds: number, events: number) => (
    <Table.Td style={{ whiteSpace: 'nowrap' }}>
      {formatSeconds(seconds)}
      <Text size="xs" c="dimmed">
        {t('troubledSites.events', { count: events })}
      </Text>
    </Table.Td>
  );
  return (
    <TableWidget
      title={title}
      caption={caption}
      testId="widget-troubled-sites"
      query={query}
      rows={(data) => data.sites}
      empty={<Nothing ok text={t('troubledSites.empty')} />}
      label={title}
      columns={[
        { header: t('site') },
        { header: t('troubledSites.offline') },
        { header: t('troubledSites.onBackup') },
        { header: t('status'), visibleFrom: 'sm' },
      ]}
      row={(site) => (
        <Table.Tr key={site.siteId}>
          <Table.Td>
            <SiteLink id={site.siteId} name={site.siteName} />
          </Table.Td>
          {spent(site.secondsOffline, site.offlineEvents)}
          {spent(site.secondsOnBackup, site.backupEvents)}
          <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
            <DeviceStatusBadge status={site.status} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

/** A trend fills its card, and keeps a height of its own where the stacked card has none (a phone). */
const TREND_SIZE = { h: '100%', mih: 120 } as const;

/** The time axis of a trend over the widget's window (times within a day, dates beyond). */
function useTrendTick(duration: WidgetProps['duration']) {
  const { i18n } = useTranslation();
  return useMemo(() => trendTickFormat(duration, i18n.language), [duration, i18n.language]);
}

/** WanLatencyTrend: average and 95th percentile WAN ping of the scope's devices, per bucket. */
export function WanLatencyTrendWidget({ title, caption, dashboardId, duration }: WidgetProps) {
  const { t } = useTranslation('dashboards');
  const query = useTrend('wanLatency', dashboardId, duration);
  const tick = useTrendTick(duration);
  return (
    <WidgetCard title={title} caption={caption} testId="widget-wan-latency-trend">
      <Loaded query={query} height={160}>
        {(data) => {
          const points = data.points.map((p) => ({
            time: Date.parse(p.t),
            avg: p.avgLatencyMs,
            p95: p.p95LatencyMs,
          }));
          return data.points.every((p) => p.samples === 0) ? (
            <Nothing text={t('wanLatency.empty')} />
          ) : (
            <TimeLineChart
              {...TREND_SIZE}
              data={points}
              tick={tick}
              series={[
                { name: 'avg', label: t('wanLatency.avg'), color: 'blue.6' },
                { name: 'p95', label: t('wanLatency.p95'), color: 'orange.6' },
              ]}
              unit=" ms"
              valueFormatter={(value) => `${Math.round(value)}`}
            />
          );
        }}
      </Loaded>
    </WidgetCard>
  );
}

/** CellularHealthTrend: RSRP and SINR of the scope's modems over time, or today's reading while no history is kept. */
export function CellularHealthTrendWidget({ title, caption, dashboardId, duration }: WidgetProps) {
  const { t } = useTranslation('dashboards');
  const query = useTrend('cellularHealth', dashboardId, duration);
  const tick = useTrendTick(duration);
  const value = (v: number | null, unit: string) => (v === null ? '—' : `${Math.round(v * 10) / 10} ${unit}`);
  return (
    <WidgetCard title={title} caption={caption} testId="widget-cellular-health-trend">
      <Loaded query={query} height={160}>
        {(data) => {
          if (data.historyAvailable && data.points.length > 0) {
            const points = data.points.map((p) => ({
              time: Date.parse(p.t),
              rsrp: p.avgRsrp,
              sinr: p.avgSinr,
            }));
            return (
              <TimeLineChart
                {...TREND_SIZE}
                data={points}
                tick={tick}
                series={[
                  { name: 'rsrp', label: t('cellular.rsrp'), color: 'grape.6' },
                  { name: 'sinr', label: t('cellular.sinr'), color: 'teal.6' },
                ]}
              />
            );
          }
          if (data.current.devices === 0) return <Nothing text={t('cellular.noModems')} />;
          return (
            <Stack gap="xs">
              <SimpleGrid cols={2} spacing="xs">
                <div>
                  <Text size="xs" c="dimmed">
                    {t('cellular.rsrp')}
                  </Text>
                  <Text fw={700} fz="lg" data-testid="cellular-rsrp">
                    {value(data.current.avgRsrp, 'dBm')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('cellular.weakest', { value: value(data.current.minRsrp, 'dBm') })}
                  </Text>
                </div>
                <div>
                  <Text size="xs" c="dimmed">
                    {t('cellular.sinr')}
                  </Text>
                  <Text fw={700} fz="lg">
                    {value(data.current.avgSinr, 'dB')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('cellular.weakest', { value: value(data.current.minSinr, 'dB') })}
                  </Text>
                </div>
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                {t('cellular.current', { count: data.current.devices, at: formatDate(data.current.at) })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('cellular.noHistory')}
              </Text>
            </Stack>
          );
        }}
      </Loaded>
    </WidgetCard>
  );
}

/** FailoversOverTime: failovers to backup (on-backup periods that started) per bucket of the window. */
export function FailoversOverTimeWidget({ title, caption, dashboardId, duration }: WidgetProps) {
  const { t } = useTranslation('dashboards');
  const query = useTrend('failovers', dashboardId, duration);
  const axis = useTimeAxis(useTrendTick(duration));
  return (
    <WidgetCard title={title} caption={caption} testId="widget-failovers-over-time">
      <Loaded query={query} height={160}>
        {(data) => {
          const points = data.points.map((p) => ({ time: Date.parse(p.t), failovers: p.failovers }));
          return data.total === 0 ? (
            <Nothing ok text={t('failovers.empty')} />
          ) : (
            <>
              <Text size="xs" c="dimmed" mb={4}>
                {t('failovers.total', { count: data.total })}
              </Text>
              <BarChart
                h="100%"
                mih={110}
                data={points}
                dataKey="time"
                series={[{ name: 'failovers', label: t('failovers.label'), color: 'yellow.7' }]}
                xAxisProps={{ tickFormatter: axis.xAxisProps.tickFormatter }}
                tooltipProps={axis.tooltipProps}
                yAxisProps={{ allowDecimals: false }}
              />
            </>
          );
        }}
      </Loaded>
    </WidgetCard>
  );
}
