import { useMutation, useQuery } from '@tanstack/react-query';
import { type AcceptInvitationRequest, type Invitation, InvitationSchema, OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../../lib/api-client.ts';

/** POST access/invitation/check: who a live invitation link is for (4xx when used, expired or forged). */
export function checkInvitation(token: string): Promise<Invitation> {
  return apiRequest('access/invitation/check', { method: 'POST', body: { token }, schema: InvitationSchema });
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => checkInvitation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST access/invitation: chooses the password; the link then stops working. */
export function acceptInvitation(body: AcceptInvitationRequest) {
  return apiRequest('access/invitation', { method: 'POST', body, schema: OkSchema });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
