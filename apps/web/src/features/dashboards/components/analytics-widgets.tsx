import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Anchor, Group, Progress, ScrollArea, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeviceStatusBadge } from '../../../components/device-status-badge.tsx';
import { deviceKindLabelKey } from '../../../lib/device-kind.ts';
import { formatBytes, formatDate } from '../../../lib/format.ts';
import { dateTimeFormat } from '../../../lib/intl.ts';
import { paths } from '../../../lib/paths.ts';
import {
  useCellularHealthTrend,
  useFailoversTrend,
  useTopUsage,
  useTroubledSites,
  useVanList,
  useWanLatencyTrend,
} from '../api/analytics.ts';
import { formatSeconds, formatTime, trendTickFormat } from '../utils/format.ts';
import { WidgetCard } from './widget-card.tsx';
import { Failure, type WidgetProps } from './widgets.tsx';

/** A widget's state before its data: an error, a skeleton, or the content. */
function Loaded<T>({
  query,
  height,
  children,
}: {
  query: { data: T | undefined; isPending: boolean; error: unknown };
  height: number;
  children: (data: T) => ReactNode;
}) {
  if (query.error) return <Failure error={query.error} />;
  if (query.isPending || query.data === undefined) return <Skeleton h={height} />;
  return <>{children(query.data)}</>;
}

/** An empty state that says only what the system knows. */
function Nothing({ text, ok = false }: { text: string; ok?: boolean }) {
  const Icon = ok ? IconCircleCheck : IconInfoCircle;
  return (
    <Group gap="xs" wrap="nowrap" c={ok ? 'green' : 'dimmed'} align="flex-start">
      <Icon size={20} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm">{text}</Text>
    </Group>
  );
}

/** VanList: the devices ("vans") of the dashboard's scope, with their type and status, and counts per type. */
export function VanListWidget({ title, caption, dashboardId, duration }: WidgetProps) {
  const { t } = useTranslation('dashboards');
  const { t: tf } = useTranslation('fleet');
  const query = useVanList(dashboardId, duration);
  return (
    <WidgetCard
      title={title}
      caption={caption}
      more={{ to: paths.devices, label: t('allDevices') }}
      testId="widget-van-list"
    >
      <Loaded query={query} height={200}>
        {(data) =>
          data.totalElements === 0 ? (
            <Nothing text={t('vanList.empty')} />
          ) : (
            <>
              <Text size="xs" c="dimmed" mb={4}>
                {[
                  t('showingOf', { count: data.content.length, total: data.totalElements }),
                  ...data.types.map((type) => `${tf(deviceKindLabelKey(type.kind))}: ${type.count}`),
                ].join(' · ')}
              </Text>
              <ScrollArea style={{ flex: 1 }} type="auto">
                <Table verticalSpacing={6} fz="sm" aria-label={title}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('device')}</Table.Th>
                      <Table.Th visibleFrom="sm">{t('vanList.type')}</Table.Th>
                      <Table.Th visibleFrom="sm">{t('site')}</Table.Th>
                      <Table.Th>{t('status')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.content.map((van) => (
                      <Table.Tr key={van.id}>
                        <Table.Td>
                          <Anchor component={Link} to={paths.device(van.siteId, van.id)} size="sm">
                            {van.model}
                          </Anchor>
                          <Text size="xs" c="dimmed" ff="monospace">
                            {van.macAddress}
                          </Text>
                        </Table.Td>
                        <Table.Td visibleFrom="sm">{tf(deviceKindLabelKey(van.kind))}</Table.Td>
                        <Table.Td visibleFrom="sm">
                          <Anchor component={Link} to={paths.site(van.siteId)} size="sm" lineClamp={1}>
                            {van.siteName}
                          </Anchor>
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <DeviceStatusBadge status={van.status} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            </>
          )
        }
      </Loaded>
    </WidgetCard>
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
                          <Anchor component={Link} to={paths.site(site.siteId)} size="sm" lineClamp={1}>
                            {site.siteName}
                          </Anchor>
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
  return (
    <WidgetCard title={title} caption={caption} testId="widget-troubled-sites">
      <Loaded query={query} height={200}>
        {(data) =>
          data.sites.length === 0 ? (
            <Nothing ok text={t('troubledSites.empty')} />
          ) : (
            <ScrollArea style={{ flex: 1 }} type="auto">
              <Table verticalSpacing={6} fz="sm" aria-label={title}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('site')}</Table.Th>
                    <Table.Th>{t('troubledSites.offline')}</Table.Th>
                    <Table.Th>{t('troubledSites.onBackup')}</Table.Th>
                    <Table.Th visibleFrom="sm">{t('status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.sites.map((site) => (
                    <Table.Tr key={site.siteId}>
                      <Table.Td>
                        <Anchor component={Link} to={paths.site(site.siteId)} size="sm" lineClamp={1}>
                          {site.siteName}
                        </Anchor>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatSeconds(site.secondsOffline)}
                        <Text size="xs" c="dimmed">
                          {t('troubledSites.events', { count: site.offlineEvents })}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatSeconds(site.secondsOnBackup)}
                        <Text size="xs" c="dimmed">
                          {t('troubledSites.events', { count: site.backupEvents })}
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                        <DeviceStatusBadge status={site.status} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )
        }
      </Loaded>
    </WidgetCard>
  );
}

/** Time axis props of a trend chart: epoch milliseconds, ticks per the window, full dates in the tooltip. */
function useTimeAxis(duration: WidgetProps['duration']) {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const tick = trendTickFormat(duration, i18n.language);
    const full = dateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
    return {
      xAxisProps: {
        type: 'number' as const,
        scale: 'time' as const,
        domain: ['dataMin', 'dataMax'] as [string, string],
        tickFormatter: (value: number) => formatTime(tick, value),
      },
      tooltipProps: { labelFormatter: (value: unknown) => formatTime(full, value) },
    };
  }, [duration, i18n.language]);
}

/** WanLatencyTrend: average and 95th percentile WAN ping of the scope's devices, per bucket. */
export function WanLatencyTrendWidget({ title, caption, dashboardId, duration }: WidgetProps) {
  const { t } = useTranslation('dashboards');
  const query = useWanLatencyTrend(dashboardId, duration);
  const axis = useTimeAxis(duration);
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
            <LineChart
              h="100%"
              mih={120}
              data={points}
              dataKey="time"
              series={[
                { name: 'avg', label: t('wanLatency.avg'), color: 'blue.6' },
                { name: 'p95', label: t('wanLatency.p95'), color: 'orange.6' },
              ]}
              curveType="monotone"
              withDots={false}
              withLegend
              connectNulls={false}
              unit=" ms"
              valueFormatter={(value) => `${Math.round(value)}`}
              {...axis}
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
  const query = useCellularHealthTrend(dashboardId, duration);
  const axis = useTimeAxis(duration);
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
              <LineChart
                h="100%"
                mih={120}
                data={points}
                dataKey="time"
                series={[
                  { name: 'rsrp', label: t('cellular.rsrp'), color: 'grape.6' },
                  { name: 'sinr', label: t('cellular.sinr'), color: 'teal.6' },
                ]}
                curveType="monotone"
                withDots={false}
                withLegend
                connectNulls={false}
                {...axis}
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
  const query = useFailoversTrend(dashboardId, duration);
  const axis = useTimeAxis(duration);
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
