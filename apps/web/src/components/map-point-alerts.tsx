import { Anchor, Badge, Group, Stack } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MapPoint } from '../lib/map-clusters.ts';
import { paths } from '../lib/paths.ts';
import { AlertSeverityBadge } from './alert-severity-badge.tsx';

/** The site's active alerts (worst severity, how many, linked to Alerts) and maintenance, when it has them. */
export function MapPointAlerts({ point }: { point: MapPoint }) {
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
          <Badge
            variant="light"
            color="grape"
            radius="sm"
            leftSection={<IconTool size={12} aria-hidden />}
            styles={{ label: { textTransform: 'none' } }}
          >
            {ta('map.maintenance')}
          </Badge>
        </div>
      )}
    </Stack>
  );
}
