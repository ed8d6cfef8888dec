import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth-store.ts';

/** POST access/logout (revokes the token), then the spec's local logout whatever the answer. */
export async function logout(): Promise<void> {
  try {
    if (authStore.get().jwt) await apiRequest('access/logout', { method: 'POST' });
  } catch {
    // The token may already be expired or revoked; signing out locally is what matters.
  } finally {
    authStore.logout();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
