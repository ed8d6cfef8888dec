import { useMutation } from '@tanstack/react-query';
import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST access/verifyEmailCode {username, code}: the forgot-password code; answers a step token. */
export function verifyResetCode(body: { username: string; code: string }) {
  return apiRequest('access/verifyEmailCode', { method: 'POST', body, schema: OkSchema });
}

/** Checks a code sent to `username` (null before the address is known: nothing is shown to send it). */
export function useVerifyResetCode(username: string | null) {
  return useMutation({ mutationFn: (code: string) => verifyResetCode({ username: username ?? '', code }) });
}
