import { useQuery } from '@tanstack/react-query';
import { activeAlertsQueryOptions } from '../../../lib/active-alerts.ts';

/** The device's active alerts. */
export function useDeviceAlerts(id: string) {
  return useQuery(activeAlertsQueryOptions('device', id));
}
