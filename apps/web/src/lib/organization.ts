import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Organization, OrganizationSchema } from '@vnoc/contracts';
import { apiRequest } from './api-client.ts';

export const organizationQueryKey = (id: string) => ['organization', id] as const;

/** GET organization/{id}: the signed-in person's organization (settings included for administrators). */
export function getOrganization(id: string, signal?: AbortSignal): Promise<Organization> {
  return apiRequest(`organization/${encodeURIComponent(id)}`, { schema: OrganizationSchema, signal });
}

export function getOrganizationQueryOptions(id: string) {
  return queryOptions({
    queryKey: organizationQueryKey(id),
    queryFn: ({ signal }) => getOrganization(id, signal),
  });
}

/** The organization by id; waits until the id is known (the signed-in user's profile). */
export function useOrganization(id: string | undefined) {
  return useQuery({ ...getOrganizationQueryOptions(id ?? ''), enabled: Boolean(id) });
}
