import type { QueryKey } from '@tanstack/react-query';
import type { Alert } from '@vnoc/contracts';
import { alertsQueryKey, deviceAlertsQueryKey, siteAlertsQueryKey } from './keys.ts';

/** What a change to an alert makes stale: every alert list, count and detail, and the panels of its site and device. */
export function staleAfterAlertChange(alert: Pick<Alert, 'siteId' | 'deviceId'>): (QueryKey | null)[] {
  return [
    alertsQueryKey,
    alert.siteId ? siteAlertsQueryKey(alert.siteId) : null,
    alert.deviceId ? deviceAlertsQueryKey(alert.deviceId) : null,
  ];
}
