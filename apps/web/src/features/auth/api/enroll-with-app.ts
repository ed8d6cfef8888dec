import { useMutation } from '@tanstack/react-query';
import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST userProfile/mfa/enrollWithApp {totp}: confirms the pending secret; answers a validated token. */
export function enrollWithApp(totp: string) {
  return apiRequest('userProfile/mfa/enrollWithApp', { method: 'POST', body: { totp }, schema: OkSchema });
}

export function useEnrollWithApp() {
  return useMutation({ mutationFn: enrollWithApp });
}
