import { useMutation } from '@tanstack/react-query';
import { type OrganizationRef, OrganizationRefSchema } from '@vnoc/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/** GET organization/username/{email}: the organization an address belongs to; 404 gives null (spec part 7). */
export async function lookupOrganization(email: string): Promise<OrganizationRef | null> {
  try {
    return await apiRequest(`organization/username/${encodeURIComponent(email)}`, {
      schema: OrganizationRefSchema,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useLookupOrganization() {
  return useMutation({ mutationFn: lookupOrganization });
}
