import { type Group, GroupSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST group/assignSites/{id}: replaces the group's sites. */
export function assignSites(id: string, siteIds: string[]): Promise<Group> {
  return apiRequest(`group/assignSites/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: { siteIds },
    schema: GroupSchema,
  });
}
