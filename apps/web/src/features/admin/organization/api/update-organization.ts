import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Organization, OrganizationSchema, type UpdateOrganizationInput } from '@vnoc/contracts';
import { apiRequest } from '../../../../lib/api-client.ts';
import { handleError } from '../../../../lib/error-handler.ts';
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
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrganizationInput) => updateOrganization(id, body),
    onSuccess: (organization) => {
      client.setQueryData(organizationQueryKey(id), organization);
      onSaved(organization);
    },
    onError: handleError,
  });
}
