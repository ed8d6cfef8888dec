import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeviceStatusBadge } from '../../../components/device-status-badge.tsx';
import { MapPointAlerts } from '../../../components/map-point-alerts.tsx';
import type { MapPoint } from '../../../lib/map-clusters.ts';
import { paths } from '../../../lib/paths.ts';

/** A marker's popup: the site's name, status, active alerts and maintenance, and a link to its overview. */
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
