import { useQuery } from '@tanstack/react-query';
import { OrganizationSchema } from '@vnoc/contracts';
import { itemQueryOptions } from './item-query.ts';

export const organizationQueryKey = (id: string) => ['organization', id] as const;

/** GET organization/{id}: the signed-in person's organization (settings included for administrators). */
export function getOrganizationQueryOptions(id: string) {
  return itemQueryOptions(id, {
    path: 'organization',
    schema: OrganizationSchema,
    queryKey: organizationQueryKey(id),
  });
}

/** The organization by id; waits until the id is known (the signed-in user's profile). */
export function useOrganization(id: string | undefined) {
  return useQuery({ ...getOrganizationQueryOptions(id ?? ''), enabled: Boolean(id) });
}
