import { useQuery } from '@tanstack/react-query';
import { SiteSchema } from '@vnoc/contracts';
import { itemQueryOptions } from '../../../lib/item-query.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';
import { siteQueryKey } from './keys.ts';

/** GET site/{id}: one site with its contacts and devices, whose statuses change while the overview is open. */
export const getSiteQueryOptions = (id: string) =>
  itemQueryOptions(id, {
    path: 'site',
    schema: import.meta.env.DEV ? SiteSchema : undefined,
    queryKey: siteQueryKey(id),
    refetchInterval: () => liveRefetchInterval(),
  });

export function useSite(id: string) {
  return useQuery(getSiteQueryOptions(id));
}
