import { type Group, GroupSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST group/create. */
export function createGroup(body: { name: string; siteIds?: string[] }): Promise<Group> {
  return apiRequest('group/create', { method: 'POST', body, schema: GroupSchema });
}
