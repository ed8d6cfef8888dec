import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MapPoint } from '../lib/map-clusters.ts';
import { paths } from '../lib/paths.ts';
import { AlertMarkBadge } from './alert-mark-badge.tsx';
import { AlertSeverityBadge } from './alert-severity-badge.tsx';
import { DeviceStatusBadge } from './device-status-badge.tsx';

/** The site's active alerts (worst severity, how many, linked to Alerts) and maintenance, when it has them. */
function MapPointAlerts({ point }: { point: MapPoint }) {
  const { t: ta } = useTranslation('alerts');
  if (!point.severity && !point.maintenance) return null;
  return (
    <Stack gap={4} data-testid="map-popup-alerts">
      {point.severity && (
        <Group gap={6} wrap="nowrap">
          <AlertSeverityBadge severity={point.severity} />
          <Anchor
            component={Link}
            to={`${paths.alerts}?${new URLSearchParams({ site: point.id })}`}
            size="sm"
          >
            {ta('map.count', { count: point.alertCount ?? 0 })}
          </Anchor>
        </Group>
      )}
      {point.maintenance && (
        <div>
          <AlertMarkBadge mark="maintenance">{ta('map.maintenance')}</AlertMarkBadge>
        </div>
      )}
    </Stack>
  );
}

/**
 * A site marker's popup on a status map (the Sites map, the dashboards' map widget): the site's name, status,
 * active alerts and maintenance, and a link to its overview.
 */
export function MapSitePopup({ point }: { point: MapPoint }) {
  const { t } = useTranslation('siteDetail');
  return (
    <Stack gap={6} miw={160}>
      <Text fw={700} size="sm">
        {point.label}
      </Text>
      <div>
        <DeviceStatusBadge status={point.status} />
      </div>
      <MapPointAlerts point={point} />
      <Anchor component={Link} to={paths.site(point.id)} size="sm" data-testid="map-popup-link">
        {t('map.openSite')}
      </Anchor>
    </Stack>
  );
}
