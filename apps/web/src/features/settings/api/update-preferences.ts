import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdatePreferencesRequest, UserPreferenceSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth-store.ts';
import { userProfileQueryKey } from '../../../lib/user-profile.ts';

/** POST userProfile/updateUserPreferences: answers the user's whole preference list, kept on the stored user. */
export async function updatePreferences(body: UpdatePreferencesRequest) {
  const list = await apiRequest('userProfile/updateUserPreferences', {
    method: 'POST',
    body,
    schema: z.array(UserPreferenceSchema),
  });
  const { user } = authStore.get();
  if (user) authStore.setUser({ ...user, userPreferences: list });
  return list;
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: () => {
      const { user } = authStore.get();
      if (user) queryClient.setQueryData(userProfileQueryKey, user);
    },
  });
}
