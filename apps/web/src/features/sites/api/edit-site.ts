import { type EditSiteRequest, type Site, SiteSchema } from '@vnoc/contracts';
import { apiSend } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/mutation.ts';
import { siteQueryKey } from './keys.ts';

/** PUT site/edit (ADMINISTRATOR): name, alias, contacts and, when given, an address the server verifies. */
export function editSite(body: EditSiteRequest): Promise<Site> {
  return apiSend('PUT', 'site/edit', body, import.meta.env.DEV ? SiteSchema : undefined);
}

/** Saves a site; the overview shows the answer at once, and the site and the lists are refetched. */
export function useEditSite() {
  return useCacheMutation(editSite, {
    answers: (site) => siteQueryKey(site.id),
    stale: (site) => [siteQueryKey(site.id), ['sites']],
    errors: 'caller',
  });
}
