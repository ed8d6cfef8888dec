import { useMutation } from '@tanstack/react-query';
import { SiteSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET site/account/{accountId}/mac/{mac}: the site with that account whose device has that MAC. */
export function getSiteByAccountMac(accountId: string, mac: string, signal?: AbortSignal) {
  return apiRequest(`site/account/${encodeURIComponent(accountId)}/mac/${encodeURIComponent(mac)}`, {
    schema: import.meta.env.DEV ? SiteSchema : undefined,
    signal,
  });
}

/** A lookup the user starts (a button), so it runs as a mutation, not on render. */
export function useSiteByAccountMac() {
  return useMutation({
    mutationFn: ({ accountId, mac }: { accountId: string; mac: string }) =>
      getSiteByAccountMac(accountId, mac),
  });
}
