import { useMutation } from '@tanstack/react-query';
import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT access/pwreset/{email}: always {ok}; a code is emailed only when the account exists. */
export function requestPasswordReset(email: string) {
  return apiRequest(`access/pwreset/${encodeURIComponent(email)}`, { method: 'PUT', schema: OkSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
