import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deviceStatusColour, deviceStatusLabelKey } from '../lib/device-status.ts';

/** A device's (or a site's worst device's) status with the spec's label and its colour. */
export function DeviceStatusBadge({
  status,
  statusText,
}: {
  status: string | null | undefined;
  statusText?: string | null;
}) {
  const { t } = useTranslation('fleet');
  return (
    <Badge
      color={deviceStatusColour(status, statusText)}
      variant="light"
      radius="sm"
      style={{ minWidth: 'max-content' }}
      styles={{ label: { textTransform: 'none', overflow: 'visible' } }}
    >
      {t(deviceStatusLabelKey(status, statusText))}
    </Badge>
  );
}
