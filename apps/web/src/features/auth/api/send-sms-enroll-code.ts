import { useMutation } from '@tanstack/react-query';
import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST userProfile/mfa/sendSMSEnrollCode {phoneNumber}: a code by text message to that number. */
export function sendSmsEnrollCode(phoneNumber: string) {
  return apiRequest('userProfile/mfa/sendSMSEnrollCode', {
    method: 'POST',
    body: { phoneNumber },
    schema: OkSchema,
  });
}

export function useSendSmsEnrollCode() {
  return useMutation({ mutationFn: sendSmsEnrollCode });
}
