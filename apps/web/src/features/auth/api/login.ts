import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST login: proves the password; the step token arrives in the Authorization header (stored by apiRequest). */
export async function login(body: LoginRequest) {
  // Loaded after /login's first paint (the page checks with the same module), not with it.
  const { OkSchema } = await import('@vnoc/contracts/auth');
  return apiRequest('login', { method: 'POST', body, schema: OkSchema });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
