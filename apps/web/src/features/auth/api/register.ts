import { useMutation } from '@tanstack/react-query';
import { OkSchema, type RegisterRequest } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST access/register: 201 with a token in step `email`; the server emails a code at once. */
export function register(body: RegisterRequest) {
  return apiRequest('access/register', { method: 'POST', body, schema: OkSchema });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
