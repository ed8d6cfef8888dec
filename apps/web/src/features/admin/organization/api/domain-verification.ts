import { useMutation } from '@tanstack/react-query';
import { type Organization, OrganizationSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../../lib/api-client.ts';
import { useCacheMutation } from '../../../../lib/mutation.ts';
import { organizationQueryKey } from '../../../../lib/organization.ts';

/** POST organization/{id}/domains/verification-email: a code proving `domain`, sent to `email` at it. */
export function sendDomainVerification(
  id: string,
  body: { domain: string; email: string },
): Promise<unknown> {
  return apiRequest(`organization/${encodeURIComponent(id)}/domains/verification-email`, {
    method: 'POST',
    body,
  });
}

/** POST organization/{id}/domains/verify: the emailed code; answers the organization with the domain verified. */
export function verifyDomain(id: string, code: string): Promise<Organization> {
  return apiRequest(`organization/${encodeURIComponent(id)}/domains/verify`, {
    method: 'POST',
    body: { code },
    schema: OrganizationSchema,
  });
}

/** Sends a verification email; the section shows its own failure next to the button. */
export function useSendDomainVerification(id: string) {
  return useMutation({
    mutationFn: (body: { domain: string; email: string }) => sendDomainVerification(id, body),
  });
}

/** Proves a domain with its code; the answer replaces the cached organization. */
export function useVerifyDomain(id: string, onVerified: (organization: Organization) => void) {
  return useCacheMutation((code: string) => verifyDomain(id, code), {
    answers: () => organizationQueryKey(id),
    onSuccess: onVerified,
    errors: 'caller',
  });
}
