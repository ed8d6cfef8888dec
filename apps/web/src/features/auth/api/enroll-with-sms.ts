import { useMutation } from '@tanstack/react-query';
import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST userProfile/mfa/enrollWithSMS {totp}: the code received by text; answers a validated token. */
export function enrollWithSms(totp: string) {
  return apiRequest('userProfile/mfa/enrollWithSMS', { method: 'POST', body: { totp }, schema: OkSchema });
}

export function useEnrollWithSms() {
  return useMutation({ mutationFn: enrollWithSms });
}
