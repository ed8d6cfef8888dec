import { useMutation } from '@tanstack/react-query';
import { type RegisterRequest, RegisterResponseSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST access/register: 201, the account waits for an administrator's approval (no token). */
export function register(body: RegisterRequest) {
  return apiRequest('access/register', { method: 'POST', body, schema: RegisterResponseSchema });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
