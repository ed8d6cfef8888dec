import { useMutation } from '@tanstack/react-query';
import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST userProfile/updatePassword {password}: answers a token with isCredExpired false. */
export function updatePassword(password: string) {
  return apiRequest('userProfile/updatePassword', { method: 'POST', body: { password }, schema: OkSchema });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
