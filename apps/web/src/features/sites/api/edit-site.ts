import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EditSiteRequest, type Site, SiteSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { siteQueryKey } from './get-site.ts';

/** PUT site/edit (ADMINISTRATOR): name, alias, contacts and, when given, an address the server verifies. */
export function editSite(body: EditSiteRequest): Promise<Site> {
  return apiRequest('site/edit', { method: 'PUT', body, schema: SiteSchema });
}

/** Saves a site; the overview shows the answer at once, and the site and the lists are refetched. */
export function useEditSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editSite,
    onSuccess: async (site) => {
      client.setQueryData(siteQueryKey(site.id), site);
      await Promise.all([
        client.invalidateQueries({ queryKey: siteQueryKey(site.id) }),
        client.invalidateQueries({ queryKey: ['sites'] }),
      ]);
    },
  });
}
