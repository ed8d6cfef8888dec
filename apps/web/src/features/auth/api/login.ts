import { useMutation } from '@tanstack/react-query';
import { type LoginRequest, OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST login: proves the password; the step token arrives in the Authorization header (stored by apiRequest). */
export function login(body: LoginRequest) {
  return apiRequest('login', { method: 'POST', body, schema: OkSchema });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
