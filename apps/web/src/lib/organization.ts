import { useQuery } from '@tanstack/react-query';
import { OrganizationSchema } from '@vnoc/contracts';
import { itemQuery } from './item-query.ts';

/** GET organization/{id}: the signed-in person's organization (settings included for administrators). */
const organization = itemQuery('organization', OrganizationSchema);
export const organizationQueryKey = organization.queryKey;
export const getOrganizationQueryOptions = organization.options;

/** The organization by id; waits until the id is known (the signed-in user's profile). */
export function useOrganization(id: string | undefined) {
  return useQuery({ ...getOrganizationQueryOptions(id ?? ''), enabled: Boolean(id) });
}
