import { apiRequest } from '../../../lib/api-client.ts';

/** POST group/delete/{id}. */
export async function deleteGroup(id: string): Promise<void> {
  await apiRequest(`group/delete/${encodeURIComponent(id)}`, { method: 'POST' });
}
