import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DeviceReach, deviceStatusColour, deviceStatusLabelKey } from '../lib/device-status.ts';

/**
 * A device's (or a site's worst device's) status with the spec's label and its colour. Given the device's
 * `reach` (the device itself: its driver and last update), a device that never reported says so instead.
 */
export function DeviceStatusBadge({
  status,
  statusText,
  reach,
}: {
  status: string | null | undefined;
  statusText?: string | null;
  reach?: DeviceReach | null;
}) {
  const { t } = useTranslation('fleet');
  return (
    <Badge
      color={deviceStatusColour(status, statusText, reach)}
      variant="light"
      radius="sm"
      style={{ minWidth: 'max-content' }}
      styles={{ label: { textTransform: 'none', overflow: 'visible' } }}
    >
      {t(deviceStatusLabelKey(status, statusText, reach))}
    </Badge>
  );
}
