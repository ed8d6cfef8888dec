import { useQuery } from '@tanstack/react-query';
import { activeAlertsQueryOptions } from '../../../lib/active-alerts.ts';

export const getSiteAlertsQueryOptions = (id: string) => activeAlertsQueryOptions('site', id);

/** The site's active alerts. */
export function useSiteAlerts(id: string) {
  return useQuery(getSiteAlertsQueryOptions(id));
}
