import { type Organization, OrganizationSchema, type UpdateOrganizationInput } from '@vnoc/contracts';
import { apiRequest } from '../../../../lib/api-client.ts';
import { useCacheMutation } from '../../../../lib/mutation.ts';
import { organizationQueryKey } from '../../../../lib/organization.ts';

/** PUT organization/{id}: changes only the fields sent; answers the organization as it is now. */
export function updateOrganization(id: string, body: UpdateOrganizationInput): Promise<Organization> {
  return apiRequest(`organization/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: OrganizationSchema,
  });
}

/** Saves one section of the organization; the answer replaces the cached organization. */
export function useUpdateOrganization(id: string, onSaved: (organization: Organization) => void) {
  return useCacheMutation((body: UpdateOrganizationInput) => updateOrganization(id, body), {
    answers: () => organizationQueryKey(id),
    onSuccess: onSaved,
    errors: 'toast',
  });
}
