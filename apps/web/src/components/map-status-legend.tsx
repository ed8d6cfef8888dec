import { ColorSwatch, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deviceStatusColour, deviceStatusLabelKey } from '../lib/device-status.ts';
import { MAP_STATUS_FILTERS } from '../lib/map-clusters.ts';

/**
 * The fills a site's marker takes: the spec's Site map status choices (less "none", every status), and
 * rebooting, a site's status while its edge device restarts, which has a colour of its own (a site without an
 * edge device is `unknown`, grey like uninstalled).
 */
export const LEGEND_STATUSES = [
  ...MAP_STATUS_FILTERS.filter((status) => status !== 'none'),
  'rebooting',
] as const;

/** What each marker fill colour means on a status map, in the colour the markers are drawn with. */
export function MapStatusLegend({ label }: { label: string }) {
  const { t } = useTranslation('fleet');
  return (
    <Group
      component="ul"
      gap="md"
      aria-label={label}
      data-testid="map-status-legend"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {LEGEND_STATUSES.map((status) => (
        <Group component="li" key={status} gap={6} wrap="nowrap" data-status={status}>
          <ColorSwatch
            size={12}
            color={`var(--mantine-color-${deviceStatusColour(status)}-7)`}
            withShadow={false}
            aria-hidden
          />
          <Text size="sm">{t(deviceStatusLabelKey(status))}</Text>
        </Group>
      ))}
    </Group>
  );
}
