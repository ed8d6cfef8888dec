import { Anchor, Group, Skeleton, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Alert, AnalyticsDuration, DeviceStatus, Paged } from '@vnoc/contracts';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertDeviceLink } from '../../../components/alert-device-link.tsx';
import { AlertMarkIcon } from '../../../components/alert-mark-badge.tsx';
import { AlertSeverityBadge } from '../../../components/alert-severity-badge.tsx';
import { DateText } from '../../../components/date-text.tsx';
import { DeviceStatusBadge } from '../../../components/device-status-badge.tsx';
import { MapSitePopup } from '../../../components/map-site-popup.tsx';
import { alertDeviceLabel, alertMeasuredText, alertName, alertPlace } from '../../../lib/alert-display.ts';
import { COUNTED_STATUSES, deviceStatusColour, deviceStatusLabelKey } from '../../../lib/device-status.ts';
import { formatDate, formatPercent } from '../../../lib/format.ts';
import { useAlertMarks } from '../../../lib/map-alerts.ts';
import { useMapView } from '../../../lib/map-view.ts';
import { paths } from '../../../lib/paths.ts';
import { preloadable } from '../../../lib/preloadable.tsx';
import { useStatusCounts } from '../../../lib/status-counts.ts';
import { useActiveAlerts, useProblemDevices, useProblemSites, useUptime } from '../api/dashboard-data.ts';
import { WidgetCard } from './widget-card.tsx';
import { DeviceCell, Failure, Loaded, Nothing, SiteLink, TableWidget } from './widget-parts.tsx';

/** What every widget is given: its title and caption, and the scope and window of its call. */
export interface WidgetProps {
  title: string;
  caption?: string;
  dashboardId: string;
  duration: AnalyticsDuration;
  groupIds: readonly string[];
}

/**
 * The map (Leaflet and our map surface, ~50 KB gzipped with its styles), fetched when its widget first renders,
 * which is after the screen has painted (the widgets mount in turns after it, MountWhenNear): the dashboard's other
 * widgets (this module) draw without waiting for it, the map's card showing a skeleton meanwhile. The last sign-in
 * step fetches it while the code is typed (app/router.tsx), and then it draws at once.
 */
const statusMap = preloadable(() => import('../../../components/status-map.tsx').then((m) => m.StatusMap));
/**
 * Starts loading the map (the last sign-in step, while the code is typed): its widget then draws it in its first
 * render, where a first render that suspends on it shows a skeleton and draws the map only in a retry, which React
 * renders after every other widget's turn.
 */
export const preloadStatusMap = statusMap.preload;
const StatusMap = statusMap.Component;

/** SiteMap: every site coloured by status (ringed by its worst active alert), clustered; a marker opens its site. */
export function SiteMapWidget({ title, caption, groupIds }: WidgetProps) {
  const { t } = useTranslation('dashboards');
  const view = useMapView({ groupIds });
  const { isPending, error } = view.summary;
  const marks = useAlertMarks();
  return (
    <WidgetCard
      title={title}
      caption={caption}
      more={{ to: paths.sitesMap, label: t('openMap') }}
      testId="widget-site-map"
    >
      {error ? (
        <Failure error={error} />
      ) : isPending ? (
        <Skeleton h="100%" mih={240} />
      ) : (
        <Suspense fallback={<Skeleton h="100%" mih={240} />}>
          <StatusMap
            view={view}
            height="100%"
            // Stacked on a phone the card has no height of its own, and 100 % of it was 0 px: a blank map.
            minHeight={240}
            label={title}
            clusterLabel={(count) => t('cluster', { count })}
            marks={marks}
            renderPopup={(point) => <MapSitePopup point={point} />}
          />
        </Suspense>
      )}
    </WidgetCard>
  );
}

/** DeviceTotals: device counts by status (offline, online, onbackup, pending, rebooting) and the total. */
export function DeviceTotalsWidget({ title, caption, groupIds }: WidgetProps) {
  const { t } = useTranslation('dashboards');
  const { t: tf } = useTranslation('fleet');
  const query = useStatusCounts(groupIds);
  return (
    <WidgetCard
      title={title}
      caption={caption}
      more={{ to: paths.devices, label: t('allDevices') }}
      testId="widget-device-totals"
    >
      <Loaded query={query} height={120}>
        {(counts) => (
          <Stack gap="xs">
            <Text size="sm">
              {t('totalDevices')}{' '}
              <Text span fw={700} data-testid="device-total">
                {counts.total}
              </Text>
            </Text>
            <Stack gap={4}>
              {COUNTED_STATUSES.map((status) => (
                <Group key={status} gap="xs" wrap="nowrap" data-status={status}>
                  <ThemeIcon size={10} radius="xl" color={deviceStatusColour(status)} aria-hidden>
                    <span />
                  </ThemeIcon>
                  <Text size="sm" style={{ flex: 1 }}>
                    {tf(deviceStatusLabelKey(status))}
                  </Text>
                  <Text size="sm" fw={700}>
                    {counts[status]}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Stack>
        )}
      </Loaded>
    </WidgetCard>
  );
}

/**
 * Uptime over the widget's window: share of device-time online or on backup; downtime = 100 − uptime. The API
 * gives both to 4 decimals (spec); the card rounds them as people read a share (lib/format formatPercent).
 */
export function UptimeWidget({ title, dashboardId, duration }: WidgetProps) {
  const { t, i18n } = useTranslation('dashboards');
  const query = useUptime(dashboardId, duration);
  return (
    <WidgetCard title={title} testId="widget-uptime">
      <Loaded query={query} height={72}>
        {(data) => (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={36} radius="md">
              <IconChartLine size={20} aria-hidden />
            </ThemeIcon>
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t(`durations.${duration}`)}
              </Text>
              <Text fz={28} fw={700} lh={1.1} data-testid="uptime-value">
                {formatPercent(data.uptime, i18n.language)}
              </Text>
              <Text size="sm" c="dimmed">
                {t('uptime.downtime', {
                  value: formatPercent(data.downtime, i18n.language),
                  count: data.devices,
                })}
              </Text>
            </Stack>
          </Group>
        )}
      </Loaded>
    </WidgetCard>
  );
}

interface ProblemTableProps<T extends { id: string; status: DeviceStatus }> {
  title: string;
  caption?: string;
  more: { to: string; label: string };
  testId: string;
  query: UseQueryResult<Paged<T>>;
  noneText: string;
  /** Headers of the item and of its place (the place column hides on small screens). */
  headers: [item: string, place: string];
  item: (row: T) => ReactNode;
  place: (row: T) => ReactNode;
}

/**
 * A widget listing problem items (a page of them, with the total) and each one's status (a device's with its
 * driver and last update, so one that never connected says so).
 */
function ProblemTable<
  T extends { id: string; status: DeviceStatus; driver?: string; lastUpdate?: string | null },
>(props: ProblemTableProps<T>) {
  const { noneText, headers, item, place, ...card } = props;
  const { t } = useTranslation('dashboards');
  return (
    <TableWidget
      {...card}
      rows={(data) => data.content}
      empty={<Nothing ok text={noneText} />}
      note={(data) => t('showingOf', { count: data.content.length, total: data.totalElements })}
      columns={[{ header: headers[0] }, { header: headers[1], visibleFrom: 'sm' }, { header: t('status') }]}
      row={(entry) => (
        <Table.Tr key={entry.id}>
          <Table.Td>{item(entry)}</Table.Td>
          <Table.Td visibleFrom="sm">
            <Text size="sm" lineClamp={1}>
              {place(entry)}
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }} miw={{ base: 170, md: 110 }}>
            <DeviceStatusBadge status={entry.status} reach={entry} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

/** DeviceTable: the problem devices (offline, on backup, rebooting), linking to each device. */
export function DeviceTableWidget({ title, caption, groupIds }: WidgetProps) {
  const { t } = useTranslation('dashboards');
  const query = useProblemDevices(groupIds);
  return (
    <ProblemTable
      title={title}
      caption={caption}
      more={{ to: paths.devices, label: t('allDevices') }}
      testId="widget-device-table"
      query={query}
      noneText={t('noProblemDevices')}
      headers={[t('device'), t('site')]}
      item={(device) => (
        <DeviceCell siteId={device.site.id} id={device.id} name={device.name} mac={device.macAddress} />
      )}
      place={(device) => device.site.name}
    />
  );
}

/** SiteTable: the problem sites (their worst device offline, on backup or rebooting). */
export function SiteTableWidget({ title, caption, groupIds }: WidgetProps) {
  const { t } = useTranslation('dashboards');
  const query = useProblemSites(groupIds);
  return (
    <ProblemTable
      title={title}
      caption={caption}
      more={{ to: `${paths.sites}?view=problem`, label: t('allProblemSites') }}
      testId="widget-site-table"
      query={query}
      noneText={t('noProblemSites')}
      headers={[t('site'), t('city')]}
      item={(site) => <SiteLink id={site.id} name={site.name} />}
      place={(site) => [site.address.city, site.address.state].filter(Boolean).join(', ')}
    />
  );
}

/** ActiveAlerts: the organization's active root alerts, worst first (a few rows), each opening its detail. */
export function ActiveAlertsWidget({ title, caption, groupIds }: WidgetProps) {
  const { t: ta } = useTranslation('alerts');
  // The alert list filters one group at a time: with several, the caption says all groups are shown.
  const query = useActiveAlerts(groupIds);
  return (
    <TableWidget
      title={title}
      caption={caption}
      more={{ to: paths.alerts, label: ta('widget.openAll') }}
      testId="widget-active-alerts"
      query={query}
      rows={(data) => data.content}
      empty={<Nothing ok text={ta('widget.none')} />}
      label={title}
      note={(data) => ta('widget.showingOf', { count: data.content.length, total: data.totalElements })}
      columns={[
        { header: ta('list.columns.severity') },
        { header: ta('list.columns.alert') },
        { header: ta('list.columns.site'), visibleFrom: 'sm' },
        { header: ta('list.columns.device'), visibleFrom: 'md' },
        { header: ta('list.columns.raisedAt'), visibleFrom: 'sm' },
      ]}
      row={(alert) => <ActiveAlertRow key={alert.id} alert={alert} />}
    />
  );
}

/** One active alert: its severity, name (opening its detail) and measures, where it is and when it was raised. */
function ActiveAlertRow({ alert }: { alert: Alert }) {
  const { t: ta, i18n } = useTranslation('alerts');
  const lang = i18n.language;
  const measured = alertMeasuredText(alert, lang);
  return (
    <Table.Tr data-testid="active-alert-row">
      <Table.Td>
        <AlertSeverityBadge severity={alert.severity} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Anchor
            component={Link}
            to={`${paths.alerts}?${new URLSearchParams({ alert: alert.id })}`}
            size="sm"
            fw={600}
            lineClamp={1}
          >
            {alertName(alert.code, lang)}
          </Anchor>
          {alert.inMaintenance && <AlertMarkIcon mark="maintenance" size={14} />}
        </Group>
        {measured && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {measured}
          </Text>
        )}
        <Text size="xs" c="dimmed" hiddenFrom="sm" lineClamp={1}>
          {[alertPlace(alert), formatDate(alert.raisedAt)].filter(Boolean).join(' · ')}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        {alert.siteId ? (
          <SiteLink id={alert.siteId} name={alert.siteName} />
        ) : (
          <Text size="sm">{alert.region ? ta('list.region', { region: alert.region }) : '—'}</Text>
        )}
      </Table.Td>
      <Table.Td visibleFrom="md">
        <AlertDeviceLink alert={alert} style={{ whiteSpace: 'nowrap' }}>
          {alertDeviceLabel(alert)}
        </AlertDeviceLink>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <DateText value={alert.raisedAt} relative />
      </Table.Td>
    </Table.Tr>
  );
}
