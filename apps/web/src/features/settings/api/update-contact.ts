import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateContactRequest, UserSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth-store.ts';
import { userProfileQueryKey } from '../../../lib/user-profile.ts';

/** POST userProfile/updateContact: answers the updated user, which replaces the stored one. */
export async function updateContact(body: UpdateContactRequest) {
  const user = await apiRequest('userProfile/updateContact', { method: 'POST', body, schema: UserSchema });
  authStore.setUser(user);
  return user;
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (user) => queryClient.setQueryData(userProfileQueryKey, user),
  });
}
