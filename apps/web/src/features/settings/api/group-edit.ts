import { type Group, GroupSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST group/edit/{id}: renames the group. */
export function editGroup(id: string, body: { name: string }): Promise<Group> {
  return apiRequest(`group/edit/${encodeURIComponent(id)}`, { method: 'POST', body, schema: GroupSchema });
}
