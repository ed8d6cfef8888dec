import { useQuery } from '@tanstack/react-query';
import { SiteSchema } from '@vnoc/contracts';
import { itemQueryOptions } from '../../../lib/item-query.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';

export const siteQueryKey = (id: string) => ['site', id] as const;

/** GET site/{id}: one site with its contacts and devices, whose statuses change while the overview is open. */
export function getSiteQueryOptions(id: string) {
  return itemQueryOptions(id, {
    path: 'site',
    schema: SiteSchema,
    queryKey: siteQueryKey(id),
    refetchInterval: () => liveRefetchInterval(),
  });
}

export function useSite(id: string) {
  return useQuery(getSiteQueryOptions(id));
}
