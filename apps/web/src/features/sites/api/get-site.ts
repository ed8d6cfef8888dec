import { useQuery } from '@tanstack/react-query';
import { SiteSchema } from '@vnoc/contracts';
import { itemQuery } from '../../../lib/item-query.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';

/** GET site/{id}: one site with its contacts and devices, whose statuses change while the overview is open. */
const site = itemQuery('site', import.meta.env.DEV ? SiteSchema : undefined, () => liveRefetchInterval());
export const siteQueryKey = site.queryKey;
export const getSiteQueryOptions = site.options;

export function useSite(id: string) {
  return useQuery(getSiteQueryOptions(id));
}
