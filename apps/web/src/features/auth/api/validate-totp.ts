import { useMutation } from '@tanstack/react-query';
import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST access/validateTOTP {totp}: an app code or a code sent by sendTOTP; answers a validated token. */
export function validateTotp(totp: string) {
  return apiRequest('access/validateTOTP', { method: 'POST', body: { totp }, schema: OkSchema });
}

export function useValidateTotp() {
  return useMutation({ mutationFn: validateTotp });
}
