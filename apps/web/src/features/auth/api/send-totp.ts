import { useMutation } from '@tanstack/react-query';
import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST access/sendTOTP {method}: a sign-in code to the enrolled SMS or voice number. */
export function sendTotp(method: 'sms' | 'voice') {
  return apiRequest('access/sendTOTP', { method: 'POST', body: { method }, schema: OkSchema });
}

export function useSendTotp() {
  return useMutation({ mutationFn: sendTotp });
}
