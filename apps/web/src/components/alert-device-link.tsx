import { Anchor, Text } from '@mantine/core';
import type { Alert } from '@vnoc/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';

/** An alert's device (`children` names it), opening the device's page; a dash for an alert of no device. */
export function AlertDeviceLink({
  alert,
  children,
  style,
}: {
  alert: Pick<Alert, 'siteId' | 'deviceId'>;
  children: ReactNode;
  /** How a long name breaks: the drawer wraps it anywhere, a table row keeps it on one line. */
  style: CSSProperties;
}) {
  if (!alert.siteId || !alert.deviceId) return <Text size="sm">—</Text>;
  return (
    <Anchor component={Link} to={paths.device(alert.siteId, alert.deviceId)} size="sm" style={style}>
      {children}
    </Anchor>
  );
}
