import { useMutation } from '@tanstack/react-query';
import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST userProfile/mfa/enrollWithVoice {totp}: the code heard in the call; answers a validated token. */
export function enrollWithVoice(totp: string) {
  return apiRequest('userProfile/mfa/enrollWithVoice', { method: 'POST', body: { totp }, schema: OkSchema });
}

export function useEnrollWithVoice() {
  return useMutation({ mutationFn: enrollWithVoice });
}
