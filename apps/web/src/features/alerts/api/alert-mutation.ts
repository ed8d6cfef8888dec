import type { QueryClient } from '@tanstack/react-query';
import type { Alert } from '@vnoc/contracts';
import { alertsQueryKey, deviceAlertsQueryKey, siteAlertsQueryKey } from './keys.ts';

/** After a change to an alert: every alert list, count and detail, and the panels of its site and device. */
export async function refreshAfterAlertChange(
  client: QueryClient,
  alert: Pick<Alert, 'siteId' | 'deviceId'>,
): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: alertsQueryKey }),
    alert.siteId ? client.invalidateQueries({ queryKey: siteAlertsQueryKey(alert.siteId) }) : undefined,
    alert.deviceId ? client.invalidateQueries({ queryKey: deviceAlertsQueryKey(alert.deviceId) }) : undefined,
  ]);
}
