import { useMutation } from '@tanstack/react-query';
import { type MfaMethod, OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST userProfile/unenroll {method}: answers a token with the enrolment flags updated. */
export function unenroll(method: MfaMethod) {
  return apiRequest('userProfile/unenroll', { method: 'POST', body: { method }, schema: OkSchema });
}

export function useUnenroll() {
  return useMutation({ mutationFn: unenroll });
}
