import { useMutation } from '@tanstack/react-query';
import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST userProfile/registered-email/verify-code: a fresh token with isEmailValidated true. */
export function verifyEmailCode(code: string) {
  return apiRequest('userProfile/registered-email/verify-code', {
    method: 'POST',
    query: { alt: false },
    body: { code },
    schema: OkSchema,
  });
}

export function useVerifyEmailCode() {
  return useMutation({ mutationFn: verifyEmailCode });
}
