import { useMutation } from '@tanstack/react-query';
import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST userProfile/mfa/sendVoiceEnrollCode {phoneNumber}: a code by voice call to that number. */
export function sendVoiceEnrollCode(phoneNumber: string) {
  return apiRequest('userProfile/mfa/sendVoiceEnrollCode', {
    method: 'POST',
    body: { phoneNumber },
    schema: OkSchema,
  });
}

export function useSendVoiceEnrollCode() {
  return useMutation({ mutationFn: sendVoiceEnrollCode });
}
