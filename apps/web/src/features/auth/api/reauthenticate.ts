import { useMutation } from '@tanstack/react-query';
import { OkSchema, type ReauthenticateRequest } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST access/reauthenticate {password} or {totp}: answers a token of the same session marked
 * re-authenticated, which a password or factor change needs within 5 minutes (issue 34).
 */
export function reauthenticate(body: ReauthenticateRequest) {
  return apiRequest('access/reauthenticate', { method: 'POST', body, schema: OkSchema });
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate });
}
