import { useMutation } from '@tanstack/react-query';
import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST userProfile/registered-email/send-code: a validation code to the username's address. */
export function sendEmailCode() {
  return apiRequest('userProfile/registered-email/send-code', {
    method: 'POST',
    query: { alt: false },
    schema: OkSchema,
  });
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}
